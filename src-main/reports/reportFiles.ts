import { reportCsvFiles } from './reportCsv';
import { reportHtml, type ReportMeta } from './reportHtml';
import type { ResultReport } from './resultReport';
import type { ReportFormat } from '@shared/resultFile';

export { REPORT_FORMATS, type ReportFormat } from '@shared/resultFile';

/** One file of a report: text, or the bytes of a PDF. */
export interface ReportFile {
  name: string;
  content: string | Uint8Array;
  type: string;
}

/** Turns the HTML report into a PDF: Chromium from the CLI and serve, Electron's printToPDF in the app. */
export type PdfPrinter = (html: string) => Promise<Uint8Array>;

/**
 * A report in one format as the files to write, named after `base` (the result or batch): one place
 * for the CLI's `report` and the app's export buttons, so both give the same files.
 */
export async function reportFiles(report: ResultReport, format: ReportFormat, meta: ReportMeta, base: string, printPdf?: PdfPrinter): Promise<ReportFile[]> {
  switch (format) {
    case 'html':
      return [{ name: `${base}.report.html`, content: reportHtml(report, meta), type: 'text/html' }];
    case 'json':
      return [{ name: `${base}.report.json`, content: `${JSON.stringify({ format: 'workload-studio.report', ...report }, null, 2)}\n`, type: 'application/json' }];
    case 'csv':
      return Object.entries(reportCsvFiles(report)).map(([name, content]) => ({ name: `${base}.${name}`, content, type: 'text/csv' }));
    case 'pdf': {
      if (!printPdf) throw new Error('this studio cannot print PDF here; export the HTML report and print it from a browser');
      return [{ name: `${base}.report.pdf`, content: await printPdf(reportHtml(report, meta)), type: 'application/pdf' }];
    }
  }
}
