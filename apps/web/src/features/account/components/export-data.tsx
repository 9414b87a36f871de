import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { firstServerErrorOr, retryAfterSeconds } from '../../../lib/api-error';
import { useExportData } from '../api/export-data';
import { retryWait } from '../account-messages';

export const EXPORT_DESCRIPTION =
  'Download everything we keep about you in one zip file: your account and profile, every job application with its history, the CVs you dropped with businesses, and your CV files.';

function failureMessage(error: unknown): string {
  const wait = retryAfterSeconds(error);
  if (wait) return `You have exported your data several times in the last hour. Please try again ${retryWait(wait)}.`;
  return firstServerErrorOr(error);
}

/** "Export my data": the candidate's data as a zip, built and streamed by the candidate service. */
export function ExportData() {
  const exportData = useExportData();
  return (
    <section className="account-section card" aria-labelledby="export-data-title">
      <h2 id="export-data-title">Your data</h2>
      <p>{EXPORT_DESCRIPTION}</p>
      <AlertBanner type="alert-danger" message={exportData.isError ? failureMessage(exportData.error) : null} />
      <AlertBanner
        type="alert-success"
        message={exportData.isSuccess ? `Your data was downloaded as ${exportData.data}.` : null}
      />
      <div className="account-form__actions">
        <Button variant="secondary" onClick={() => exportData.mutate()} busy={exportData.isPending}>
          Export my data
        </Button>
      </div>
    </section>
  );
}
