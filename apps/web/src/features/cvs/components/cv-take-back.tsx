import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cv } from '@careers/contracts/candidate';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { firstServerErrorOr } from '../../../lib/api-error';
import { takeBackCv } from '../../../lib/api/candidate/retention';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { notifyError } from '../../../lib/toast';
import type { CvUse } from '../api/get-cv-usage';

interface Holder {
  businessId: string;
  businessName: string;
  legalHoldUntil: string | null;
}

/** The businesses that hold a CV, once each, in the order of the list (newest first). */
export function holdersOf(uses: CvUse[]): Holder[] {
  const seen = new Map<string, Holder>();
  for (const use of uses)
    if (!seen.has(use.businessId))
      seen.set(use.businessId, {
        businessId: use.businessId,
        businessName: use.businessName,
        legalHoldUntil: use.legalHoldUntil ?? null,
      });
  return [...seen.values()];
}

/**
 * "Delete my CV at {business}" beside each business that holds the CV (docs/decisions/0443): that business's
 * applications with it and CV drops of it go; the CV stays yours and every other business keeps its copy.
 * A business's legal hold shows its end date instead of the button.
 */
export function CvTakeBack({
  cv,
  uses,
  onTakenBack,
}: {
  cv: Cv;
  uses: CvUse[];
  /** Said by the CV's card: this list goes with the last business that held the CV. */
  onTakenBack: (words: string) => void;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Holder | null>(null);
  const take = useMutation({
    mutationFn: (holder: Holder) => takeBackCv(cv.id, holder.businessId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.cvUsage }),
        queryClient.invalidateQueries({ queryKey: queryKeys.jobApplicationsRoot }),
        // The CV's own line says where it was taken back, and when.
        queryClient.invalidateQueries({ queryKey: queryKeys.cvs }),
      ]),
  });
  const [now] = useState(() => Date.now());
  return (
    <>
      <ul
        className="cv-item__holders"
        style={{ listStyle: 'none', padding: 0 }}
        aria-label={`Businesses that have ${cv.fileName}`}
      >
        {holdersOf(uses).map((holder) => (
          <li key={holder.businessId}>
            {holder.legalHoldUntil && Date.parse(holder.legalHoldUntil) > now ? (
              <span>
                {holder.businessName} keeps it until {formatDate(holder.legalHoldUntil)} (a legal hold)
              </span>
            ) : (
              <Button variant="danger-secondary" onClick={() => setAsking(holder)}>
                Delete my CV at {holder.businessName}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={`Delete your CV at ${asking?.businessName ?? 'this business'}?`}
        message={`${asking?.businessName ?? 'The business'} loses this CV and your applications to it that used it, for good. Your CV stays on this page, and other businesses keep theirs.`}
        confirmLabel="Delete my CV there"
        destructive
        busy={take.isPending}
        onConfirm={() => {
          if (!asking) return;
          const holder = asking;
          // Not mutate()'s own callbacks: they are dropped when the refreshed uses leave this list out.
          take.mutateAsync(holder).then(
            () => {
              setAsking(null);
              onTakenBack(`Your CV was deleted at ${holder.businessName}.`);
            },
            (error: unknown) => {
              setAsking(null);
              notifyError(firstServerErrorOr(error));
            },
          );
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
