import { useEffect, useId, useState } from 'react';
import type { Candidate } from '@careers/contracts/candidate';
import { Button } from '../../../components/button';
import { getCandidate } from '../../../lib/api/candidate/get-candidate';
import { updateCandidate } from '../../../lib/api/candidate/update-candidate';
import { updateUser } from '../../../lib/api/identity/update-user';
import { authStore } from '../../../lib/auth-store';
import { serverErrors, toApiError } from '../../../lib/api-error';
import type { ApplyDetails } from '../form-model';
import './profile-update-offer.css';

/** The details the apply form asks for that the profile keeps too. */
export type TypedDetails = Pick<ApplyDetails, 'name' | 'phone' | 'postCode'>;

interface Difference {
  label: string;
  field: 'name' | 'phoneNumber' | 'postcode';
  current: string;
  typed: string;
}

const spaces = (value: string) => value.trim().replace(/\s+/g, ' ');
const bare = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * What the candidate typed on the apply form that differs from the profile (docs/decisions/0362). An empty
 * field is no difference; nor are spaces, or a post code's case.
 */
export function profileDifferences(candidate: Candidate, typed: TypedDetails): Difference[] {
  const differences: Difference[] = [];
  const name = spaces(typed.name);
  if (name && name !== spaces(candidate.name))
    differences.push({ label: 'Name', field: 'name', current: candidate.name, typed: name });
  const phone = spaces(typed.phone);
  if (phone && bare(phone) !== bare(candidate.phoneNumber))
    differences.push({ label: 'Phone number', field: 'phoneNumber', current: candidate.phoneNumber, typed: phone });
  const postCode = spaces(typed.postCode);
  if (postCode && bare(postCode) !== bare(candidate.postcode))
    differences.push({ label: 'Post code', field: 'postcode', current: candidate.postcode, typed: postCode });
  return differences;
}

/** Saves the typed values of the differences; the rest of the profile stays. The account's name and phone follow (product.md §4). */
async function saveDifferences(candidate: Candidate, differences: Difference[]): Promise<void> {
  const body = {
    id: candidate.id,
    name: candidate.name,
    phoneNumber: candidate.phoneNumber,
    postcode: candidate.postcode,
  };
  for (const difference of differences) body[difference.field] = difference.typed;
  await updateCandidate(body);
  if (body.name.trim() && body.phoneNumber.trim()) {
    await updateUser({ name: body.name, phone: body.phoneNumber });
    authStore.set({ ...authStore.get(), name: body.name, phone: body.phoneNumber });
  }
}

export interface ProfileUpdateOfferProps {
  typed: TypedDetails;
  /** true while the offer waits for an answer (the success step's countdown pauses), false once there is nothing to answer. */
  onPendingChange: (pending: boolean) => void;
}

/**
 * On the success step of an existing candidate who typed details on the form: "Update your profile with
 * these details?", the differences, and one button. Nothing changes without the press. Loaded only then,
 * outside the apply page's first load.
 */
export default function ProfileUpdateOffer({ typed, onPendingChange }: ProfileUpdateOfferProps) {
  const titleId = useId();
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'none' }
    | { kind: 'offer'; candidate: Candidate; differences: Difference[]; saving: boolean; error: string | null }
    | { kind: 'saved' }
  >({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    getCandidate()
      .then((candidate) => {
        if (cancelled) return;
        const differences = profileDifferences(candidate, typed);
        setState(
          differences.length > 0
            ? { kind: 'offer', candidate, differences, saving: false, error: null }
            : { kind: 'none' },
        );
      })
      .catch(() => {
        if (!cancelled) setState({ kind: 'none' });
      });
    return () => {
      cancelled = true;
    };
  }, [typed]);

  const pending = state.kind === 'loading' || state.kind === 'offer';
  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  if (state.kind === 'saved')
    return (
      <p className="profile-offer__done" role="status">
        Your profile has been updated.
      </p>
    );
  if (state.kind !== 'offer') return null;

  const save = async () => {
    setState({ ...state, saving: true, error: null });
    try {
      await saveDifferences(state.candidate, state.differences);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({
        ...state,
        saving: false,
        error: serverErrors(toApiError(error).body)[0] ?? 'Your profile could not be updated. Please try again.',
      });
    }
  };

  return (
    <section className="profile-offer" aria-labelledby={titleId}>
      <h3 id={titleId} className="profile-offer__title">
        Update your profile with these details?
      </h3>
      <p className="profile-offer__lead">What you typed on this form differs from your profile:</p>
      <dl className="profile-offer__list">
        {state.differences.map((difference) => (
          <div key={difference.field} className="profile-offer__item">
            <dt>{difference.label}</dt>
            <dd>
              <span className="profile-offer__typed">{difference.typed}</span>{' '}
              <span className="profile-offer__current">(profile: {difference.current || 'empty'})</span>
            </dd>
          </div>
        ))}
      </dl>
      {state.error ? (
        <p className="profile-offer__error" role="alert">
          {state.error}
        </p>
      ) : null}
      <Button variant="secondary" busy={state.saving} onClick={() => void save()} fullWidth>
        Update my profile
      </Button>
    </section>
  );
}
