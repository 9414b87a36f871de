import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { pageFromSearch } from '../../../lib/paging';
import { CV_DROPS_PAGE_SIZE, useBusinessCvDrops } from '../api/applications';
import { CvViewerDialog, saveBusinessCv } from './cv-viewer';

/** /employer/cv-drops: CVs candidates left with the business without applying for a job. */
export function EmployerCvDropsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const drops = useBusinessCvDrops(page);
  const [viewing, setViewing] = useState<{ id: string; fileName: string } | null>(null);
  return (
    <section className="page employer-page" aria-labelledby="drops-title">
      <h1 id="drops-title">CV drops</h1>
      <p className="page__lead">Candidates who left their CV with you without applying for a particular job.</p>
      {drops.isPending ? <Spinner label="Loading CV drops" /> : null}
      {drops.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(drops.error)} /> : null}
      {drops.data && drops.data.length === 0 && page === 1 ? (
        <EmptyState title="No CV drops yet">
          <p>When a candidate leaves their CV with your business, it shows up here.</p>
        </EmptyState>
      ) : null}
      {drops.data && drops.data.length > 0 ? (
        <ul className="employer-list">
          {drops.data.map((drop) => {
            const cv = drop.cvId ? { id: drop.cvId, fileName: `${drop.candidate.name} CV` } : null;
            return (
              <li key={drop.id} className="employer-application card">
                <h2 className="employer-application__name">{drop.candidate.name}</h2>
                <p className="employer-job__facts">
                  <a href={`mailto:${drop.candidate.email}`}>{drop.candidate.email}</a>
                  <span>Sent {formatDate(drop.droppedOn)}</span>
                </p>
                {cv ? (
                  <div className="employer-job__actions">
                    <Button
                      variant="secondary"
                      onClick={() => setViewing(cv)}
                      aria-label={`Preview the CV of ${drop.candidate.name}`}
                    >
                      Preview
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => void saveBusinessCv(cv.id, cv.fileName)}
                      aria-label={`Download the CV of ${drop.candidate.name}`}
                    >
                      Download
                    </Button>
                  </div>
                ) : (
                  <p className="muted">The candidate has since deleted this CV.</p>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {drops.data && (page > 1 || drops.data.length === CV_DROPS_PAGE_SIZE) ? (
        <nav className="employer-pager" aria-label="CV drops pages">
          <Button
            variant="secondary"
            disabled={page === 1}
            onClick={() => setSearchParams(page > 2 ? { page: String(page - 1) } : {})}
          >
            Newer
          </Button>
          <Button
            variant="secondary"
            disabled={drops.data.length < CV_DROPS_PAGE_SIZE}
            onClick={() => setSearchParams({ page: String(page + 1) })}
          >
            Older
          </Button>
        </nav>
      ) : null}
      <CvViewerDialog cv={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
