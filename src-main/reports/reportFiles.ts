import { experimentFileText } from '@shared/experiment/experimentFile';
import type { ResultFile } from '@shared/experiment/experiment';
import { resultFileText, type ReportFormat } from '@shared/results/resultFile';
import { reportArchive } from './reportArchive';
import { reportCsvFiles } from './reportCsv';
import { reportHtml, type ReportMeta } from './reportHtml';
import type { ResultReport } from './resultReport';

export { REPORT_FORMATS, type ReportFormat } from '@shared/results/resultFile';

/** One file of a report: text, or the bytes of a PDF or a zip. */
export interface ReportFile {
  name: string;
  content: string | Uint8Array;
  type: string;
}

/** Turns the HTML report into a PDF: Chromium from the CLI and serve, Electron's printToPDF in the app. */
export type PdfPrinter = (html: string) => Promise<Uint8Array>;

export interface ReportSource {
  /** Where the report came from and when it was made. */
  meta: ReportMeta;
  /** The name every file starts with (the result or batch). */
  base: string;
  /** The result the report was made from: the tidy CSVs and the archive's result and experiment files come from it. */
  result: ResultFile;
  printPdf?: PdfPrinter;
}

/**
 * A report in one format as the files to write: one place for the CLI's `report` and the app's
 * export buttons, so both give the same files. `zip` is everything at once, for a colleague.
 */
export async function reportFiles(report: ResultReport, format: ReportFormat, source: ReportSource): Promise<ReportFile[]> {
  const { meta, base, result, printPdf } = source;
  switch (format) {
    case 'html':
      return [{ name: `${base}.report.html`, content: reportHtml(report, meta), type: 'text/html' }];
    case 'json':
      return [
        { name: `${base}.report.json`, content: `${JSON.stringify({ format: 'workload-studio.report', ...report }, null, 2)}\n`, type: 'application/json' },
      ];
    case 'csv':
      return Object.entries(reportCsvFiles(report, result)).map(([name, content]) => ({ name: `${base}.${name}`, content, type: 'text/csv' }));
    case 'pdf': {
      if (!printPdf) throw new Error('this studio cannot print PDF here; export the HTML report and print it from a browser');
      return [{ name: `${base}.report.pdf`, content: await printPdf(reportHtml(report, { ...meta, print: true })), type: 'application/pdf' }];
    }
    case 'zip': {
      const html = reportHtml(report, meta);
      let pdf: Uint8Array | string;
      try {
        if (!printPdf) throw new Error('this studio cannot print PDF here');
        pdf = await printPdf(reportHtml(report, { ...meta, print: true }));
      } catch (err) {
        pdf = (err as Error).message;
      }
      const experiment =
        result.inputs && 'racks' in result.inputs.cluster && 'jobs' in result.inputs.workload
          ? experimentFileText({ ...result.inputs, cluster: result.inputs.cluster, workload: result.inputs.workload })
          : undefined;
      const bytes = reportArchive({
        base,
        title: report.experiment,
        baseline: report.baseline,
        meta,
        html,
        pdf,
        csv: reportCsvFiles(report, result),
        result: resultFileText(result),
        experiment,
      });
      return [{ name: `${base}.report.zip`, content: bytes, type: 'application/zip' }];
    }
  }
}
