import { useState } from 'react';
import {
  dateOffSchema,
  INTERVIEW_LIMITS,
  type Availability,
  type DateOff,
  type InterviewLocationKind,
} from '@careers/contracts/interviews';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatChosenDay, formatDate } from '../../../lib/format';
import { ownTimeZone } from '../../../lib/interview-times';
import { notifySuccess } from '../../../lib/toast';
import {
  useMakeOwnFeed,
  useOwnAvailability,
  useOwnFeed,
  useRemoveOwnFeed,
  useSetOwnAvailability,
} from '../api/interviews';
import { CopyLink } from './copy-link';
import { SelectField } from './select-field';
import './interview-availability-page.css';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const PLACES: { kind: InterviewLocationKind; label: string; field: string; hint: string }[] = [
  { kind: 'video', label: 'Video call', field: 'Video link', hint: 'Paste the link of your meeting room (https://…).' },
  { kind: 'phone', label: 'Phone call', field: 'Phone number', hint: 'The number the candidate calls.' },
  { kind: 'address', label: 'In person', field: 'Address', hint: 'Where the candidate comes to.' },
];

interface Hours {
  from: string;
  to: string;
}

/** A day's hours: one or more ranges (a lunch break splits a day in two), kept while the day is unticked. */
interface DayHours {
  on: boolean;
  ranges: Hours[];
}

/** Ranges one day may have in this form (the API takes up to 50 in the week). */
const RANGES_PER_DAY = 4;
const FULL_DAY: Hours[] = [{ from: '09:00', to: '17:00' }];

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** New hours after the day's last: an hour after it ends, until 17:00 or two hours on (the user sets them). */
function hoursAfter(last: Hours): Hours {
  const from = Math.min(minutesOf(last.to) + 60, 23 * 60);
  return { from: clock(from), to: clock(Math.min(Math.max(from + 120, 17 * 60), 24 * 60)) };
}

function formFrom(availability: Availability | null) {
  const days: DayHours[] = DAYS.map((_, index) => {
    if (!availability) return { on: index < 5, ranges: FULL_DAY };
    const ranges = availability.weekly
      .filter((r) => r.day === index + 1)
      .map(({ from, to }) => ({ from, to }))
      .sort((a, b) => a.from.localeCompare(b.from));
    return ranges.length > 0 ? { on: true, ranges } : { on: false, ranges: FULL_DAY };
  });
  return {
    timeZone: availability?.timeZone ?? ownTimeZone(),
    slotMinutes: availability?.slotMinutes ?? 45,
    bufferMinutes: availability?.bufferMinutes ?? 15,
    days,
    // Dates kept as exceptions without hours (how this page saved days away before) read as days off.
    datesOff: sortedDatesOff([
      ...(availability?.datesOff ?? []),
      ...(availability?.exceptions.filter((e) => e.ranges.length === 0).map((e) => ({ from: e.date, to: e.date })) ??
        []),
    ]),
    // Exceptions with other hours (set through the API) are kept as they are.
    otherExceptions: availability?.exceptions.filter((e) => e.ranges.length > 0) ?? [],
    locationKind: availability?.locationKind ?? ('video' as InterviewLocationKind),
    location: availability?.location ?? '',
  };
}

type Form = ReturnType<typeof formFrom>;

function sortedDatesOff(datesOff: DateOff[]): DateOff[] {
  return [...datesOff].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** "2 Apr 2027" or "2 Apr 2027 to 5 Apr 2027", with its name when it has one. */
function dateOffWords(off: DateOff): string {
  const days =
    off.from === off.to ? formatChosenDay(off.from) : `${formatChosenDay(off.from)} to ${formatChosenDay(off.to)}`;
  return off.name ? `${days}, ${off.name}` : days;
}

/**
 * Days off and public holidays (docs/decisions/0574): the first day, the last (left empty for one day) and a
 * name, checked by the API's own schema before they join the list that "Save your times" sends.
 */
function DatesOffFields({ datesOff, onChange }: { datesOff: DateOff[]; onChange: (datesOff: DateOff[]) => void }) {
  const [draft, setDraft] = useState({ from: '', to: '', name: '' });
  const [errors, setErrors] = useState<{ from?: string; to?: string; name?: string }>({});
  const full = datesOff.length >= INTERVIEW_LIMITS.datesOff;
  const add = () => {
    if (!draft.from) return setErrors({ from: 'Enter the first day off.' });
    const parsed = dateOffSchema.safeParse({
      from: draft.from,
      to: draft.to || draft.from,
      ...(draft.name.trim() ? { name: draft.name } : {}),
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    setDraft({ from: '', to: '', name: '' });
    onChange(
      sortedDatesOff([...datesOff.filter((d) => d.from !== parsed.data.from || d.to !== parsed.data.to), parsed.data]),
    );
  };
  return (
    <fieldset className="interview-hours__closed">
      <legend>Days off and public holidays</legend>
      <p className="muted">
        No interview is offered on these days, in your time zone, whatever your weekly hours say. Enter your
        business&apos;s closed days and the public holidays you keep: one day, or a first and last day. At most{' '}
        {INTERVIEW_LIMITS.datesOff}.
      </p>
      {datesOff.length > 0 ? (
        <ul aria-label="Your days off">
          {datesOff.map((off) => (
            <li key={`${off.from}-${off.to}`}>
              {dateOffWords(off)}{' '}
              <Button
                variant="link"
                onClick={() => onChange(datesOff.filter((d) => d !== off))}
                aria-label={`Remove ${dateOffWords(off)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p>You have {INTERVIEW_LIMITS.datesOff} days off listed: remove one to add another.</p>
      ) : (
        <div className="interview-hours__add">
          <TextInput
            type="date"
            label="First day off"
            value={draft.from}
            error={errors.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="Last day off (optional)"
            hint="Leave empty for one day."
            value={draft.to}
            error={errors.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
          <TextInput
            label="Name (optional)"
            hint="Such as Easter Monday."
            value={draft.name}
            maxLength={INTERVIEW_LIMITS.dateOffNameLength}
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          />
          <Button variant="secondary" onClick={add}>
            Add the days off
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function AvailabilityForm({ initial }: { initial: Availability | null }) {
  const save = useSetOwnAvailability();
  const [form, setForm] = useState<Form>(() => formFrom(initial));
  const set = (changes: Partial<Form>) => setForm((f) => ({ ...f, ...changes }));
  const setDay = (index: number, changes: Partial<DayHours>) =>
    set({ days: form.days.map((d, i) => (i === index ? { ...d, ...changes } : d)) });
  const setHours = (index: number, k: number, changes: Partial<Hours>) =>
    setDay(index, { ranges: form.days[index]!.ranges.map((r, j) => (j === k ? { ...r, ...changes } : r)) });
  const place = PLACES.find((p) => p.kind === form.locationKind)!;

  const submit = () => {
    const availability: Availability = {
      timeZone: form.timeZone.trim(),
      slotMinutes: form.slotMinutes,
      bufferMinutes: form.bufferMinutes,
      weekly: form.days.flatMap((d, i) => (d.on ? d.ranges.map((r) => ({ day: i + 1, ...r })) : [])),
      exceptions: form.otherExceptions,
      datesOff: form.datesOff,
      locationKind: form.locationKind,
      location: form.location.trim(),
    };
    save.mutate(availability, { onSuccess: () => notifySuccess('Your interview times are saved.') });
  };

  return (
    <form
      className="card interview-hours"
      aria-labelledby="hours-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="hours-title">When you can interview</h2>
      <p className="muted">
        Candidates you invite choose one of these times, from 12 hours to 28 days ahead. Times you have booked, and the
        break after each, are left out.
      </p>
      <TextInput
        label="Your time zone"
        hint="An IANA name, such as Europe/London or America/New_York. Your hours keep their clock time when the clocks change."
        value={form.timeZone}
        onChange={(event) => set({ timeZone: event.currentTarget.value })}
        autoComplete="off"
      />
      <div className="interview-hours__pair">
        <SelectField
          label="Length of an interview"
          value={String(form.slotMinutes)}
          onChange={(event) => set({ slotMinutes: Number(event.currentTarget.value) })}
        >
          {[15, 20, 30, 45, 60, 90, 120].map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Break after each"
          value={String(form.bufferMinutes)}
          onChange={(event) => set({ bufferMinutes: Number(event.currentTarget.value) })}
        >
          {[0, 5, 10, 15, 30, 60].map((m) => (
            <option key={m} value={m}>
              {m === 0 ? 'No break' : `${m} minutes`}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="interview-hours__week">
        <legend>Weekly hours</legend>
        {form.days.map((d, i) => (
          <div key={DAYS[i]} className="interview-hours__day">
            <label className="interview-hours__check">
              <input
                type="checkbox"
                checked={d.on}
                onChange={(event) => setDay(i, { on: event.currentTarget.checked })}
              />
              {DAYS[i]}
            </label>
            {d.on ? (
              <div className="interview-hours__ranges">
                {d.ranges.map((r, k) => {
                  // The first range's labels name the day alone; the others say which hours they are.
                  const which = k === 0 ? DAYS[i] : `${DAYS[i]}, hours ${k + 1},`;
                  return (
                    <div key={k} className="interview-hours__range">
                      <TextInput
                        type="time"
                        label={`${which} from`}
                        value={r.from}
                        onChange={(event) => setHours(i, k, { from: event.currentTarget.value })}
                      />
                      <TextInput
                        type="time"
                        label={`${which} until`}
                        value={r.to}
                        onChange={(event) => setHours(i, k, { to: event.currentTarget.value })}
                      />
                      {k > 0 ? (
                        <Button
                          variant="link"
                          aria-label={`Remove ${DAYS[i]}'s hours ${k + 1}`}
                          onClick={() => setDay(i, { ranges: d.ranges.filter((_, j) => j !== k) })}
                        >
                          Remove
                        </Button>
                      ) : null}
                    </div>
                  );
                })}
                {d.ranges.length < RANGES_PER_DAY ? (
                  <Button
                    variant="link"
                    aria-label={`Add hours on ${DAYS[i]}`}
                    onClick={() => setDay(i, { ranges: [...d.ranges, hoursAfter(d.ranges[d.ranges.length - 1]!)] })}
                  >
                    Add hours
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        ))}
      </fieldset>
      <DatesOffFields datesOff={form.datesOff} onChange={(datesOff) => set({ datesOff })} />
      <fieldset className="interview-hours__place">
        <legend>Where</legend>
        {PLACES.map((p) => (
          <label key={p.kind} className="interview-hours__check">
            <input
              type="radio"
              name="location-kind"
              value={p.kind}
              checked={form.locationKind === p.kind}
              onChange={() => set({ locationKind: p.kind })}
            />
            {p.label}
          </label>
        ))}
        <TextInput
          label={place.field}
          hint={place.hint}
          value={form.location}
          onChange={(event) => set({ location: event.currentTarget.value })}
          type={form.locationKind === 'video' ? 'url' : form.locationKind === 'phone' ? 'tel' : 'text'}
        />
      </fieldset>
      {save.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(save.error)} /> : null}
      <Button type="submit" busy={save.isPending}>
        Save your times
      </Button>
    </form>
  );
}

function CalendarFeed() {
  const feed = useOwnFeed();
  const make = useMakeOwnFeed();
  const remove = useRemoveOwnFeed();
  const data = feed.data;
  return (
    <section className="card interview-feed" aria-labelledby="feed-title">
      <h2 id="feed-title">Your interviews in your own calendar</h2>
      <p className="muted">
        A private address your calendar app subscribes to: it lists your interviews. Anyone with the address can read
        them, so keep it to yourself; making a new one stops the old one.
      </p>
      {feed.isPending ? <Spinner label="Loading" /> : null}
      {[feed, make, remove].map((q, i) =>
        q.isError ? <AlertBanner key={i} type="alert-danger" message={firstServerErrorOr(q.error)} /> : null,
      )}
      {data?.url ? (
        <CopyLink label="Your calendar address (shown this once)" url={data.url} />
      ) : data?.active ? (
        <p>You have a calendar address{data.createdOn ? `, made ${formatDate(data.createdOn)}` : ''}.</p>
      ) : data ? (
        <p>You have no calendar address.</p>
      ) : null}
      {data ? (
        <div className="interview-feed__actions">
          <Button variant="secondary" busy={make.isPending} onClick={() => make.mutate()}>
            {data.active ? 'Make a new address' : 'Make a calendar address'}
          </Button>
          {data.active ? (
            <Button variant="danger-secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
              Remove the address
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** /employer/interviews: the member's own interview hours, place and calendar feed (issue 28 items 2 and 5). */
export function InterviewAvailabilityPage() {
  const availability = useOwnAvailability();
  return (
    <section className="page employer-page" aria-labelledby="interviews-title">
      <h1 id="interviews-title">Interviews</h1>
      <p className="page__lead">
        Set when you can interview; then invite candidates from an application, and they book one of your times.
      </p>
      {availability.isPending ? <Spinner label="Loading your times" /> : null}
      {availability.isError ? (
        <AlertBanner type="alert-danger" message={firstServerErrorOr(availability.error)} />
      ) : null}
      {availability.data ? <AvailabilityForm initial={availability.data.availability} /> : null}
      <CalendarFeed />
    </section>
  );
}
