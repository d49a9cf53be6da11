/**
 * A name the user typed (a design, a cluster, a chart) as the stem of a file name on any system:
 * runs of anything but letters, digits, `_`, `.` and `-` become one `_`, none at either end ("Mix
 * (ILA Table 4)" is `Mix_ILA_Table_4`, not `Mix_ILA_Table_4_`). A name of symbols only is
 * `untitled`, never an empty stem that would hide the file behind its extension. The one rule for
 * every file the studio offers to save, in the main process and in the renderer alike.
 */
export const fileNameOf = (name: string): string => name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'untitled';
