import { Link, useSearchParams } from 'react-router';
import type { CvDrop } from '@careers/contracts/candidate';
import { AlertBanner } from '../../../components/alert-banner';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { pageFromSearch } from '../../../lib/paging';
import { CV_DROPS_PAGE_SIZE, useCvDrops } from '../api/get-cv-drops';
import '../../../components/list-card.css';
import './cv-drops.css';
import { paths } from '../../../lib/paths';

function CvDropItem({ drop }: { drop: CvDrop }) {
  return (
    <li className="list-card cv-drop">
      <div className="cv-drop__business">
        <h2 className="list-card__title cv-drop__name">{drop.business.name}</h2>
        {drop.business.city ? <p className="list-card__subtitle cv-drop__city">{drop.business.city}</p> : null}
      </div>
      <dl className="list-card__facts cv-drop__facts">
        <div>
          <dt>CV</dt>
          <dd className="cv-drop__cv">
            {drop.appliedWithCvFileName ?? (drop.appliedWithCvId ? 'A CV you have since deleted' : '-')}
          </dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            <time dateTime={drop.appliedOn}>{formatDate(drop.appliedOn)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** /cv-drops: the CVs the candidate sent to businesses without a particular job in mind. */
export function CvDropsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const drops = useCvDrops(page);
  const data = drops.data;

  return (
    <section className="page cv-drops-page" aria-labelledby="cv-drops-title">
      <h1 id="cv-drops-title">CV drops</h1>
      <p className="page__lead">Businesses you sent your CV to without applying for a particular job.</p>
      {drops.isPending ? <Spinner label="Loading your CV drops" /> : null}
      {drops.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(drops.error)} /> : null}
      {data && data.totalApplications === 0 ? (
        <EmptyState title="No CV drops yet" action={<Link to={paths.cvs}>Manage your CVs</Link>}>
          <p>When you leave your CV with a business on its careers site, it shows up here so you know who has it.</p>
        </EmptyState>
      ) : null}
      {data && data.cvDrops.length > 0 ? (
        <ul className="list-cards cv-drop-list" aria-busy={drops.isPlaceholderData || undefined}>
          {data.cvDrops.map((drop) => (
            <CvDropItem key={drop.id} drop={drop} />
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pagination
          label="CV drops pages"
          page={page}
          pageSize={data.pageSize || CV_DROPS_PAGE_SIZE}
          total={data.totalApplications}
          onPageChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
          disabled={drops.isFetching}
        />
      ) : null}
    </section>
  );
}
