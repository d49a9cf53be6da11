/**
 * A name the user typed (a design, a cluster, a chart) as the stem of a file name on any system:
 * runs of anything but letters, digits, `_`, `.` and `-` become one `_`. The one rule for every
 * file the studio offers to save, in the main process and in the renderer alike.
 */
export const fileNameOf = (name: string): string => name.replace(/[^\w.-]+/g, '_');
