/** Table 1 of the ARIA paper, as the studio ships it (src-main/shared/aria/paperProfiles.ts). */
export { TABLE1_PROFILES as TABLE1 } from '@shared/aria/paperProfiles';
