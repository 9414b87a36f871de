import { useId, useState } from 'react';
import type { InterviewSlot } from '@careers/contracts/interviews';
import { Button } from '../../../components/button';
import { rangeIn, sameOnBothClocks, slotInBothZones, slotsByDay, zoneName } from '../../../lib/interview-times';

/**
 * The open slots as radio buttons under one fieldset per day (its legend the day, in the reader's zone). All
 * share one name, so Tab reaches the times once and the arrow keys go on from one day to the next. A time is
 * shown once where both clocks read it alike, else in the reader's zone with the interviewer's beside it;
 * each label says the whole of it (day and zones) for a screen reader.
 */
export function InterviewSlotPicker({
  slots,
  ownZone,
  interviewerZone,
  submitLabel,
  busy,
  onChoose,
}: {
  slots: InterviewSlot[];
  ownZone: string;
  interviewerZone: string;
  submitLabel: string;
  busy: boolean;
  onChoose: (startsAt: string) => void;
}) {
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${name}-error`;
  if (slots.length === 0)
    return <p className="muted">No open times right now. The employer can add more, or contact you.</p>;
  return (
    <form
      className="interview-slots"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return setError('Choose a time first.');
        setError(null);
        onChoose(chosen);
      }}
    >
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend>
          {slots.every((slot) => sameOnBothClocks(slot.startsAt, slot.endsAt, ownZone, interviewerZone)) ? (
            <>Open times ({zoneName(ownZone)} time, yours and the interviewer&apos;s)</>
          ) : (
            <>
              Open times, in your time zone ({zoneName(ownZone)}) with the interviewer&apos;s (
              {zoneName(interviewerZone)}) beside them
            </>
          )}
        </legend>
        <div className="interview-slots__days">
          {slotsByDay(slots, ownZone).map((day) => (
            <fieldset key={day.day} className="interview-slots__day">
              <legend className="interview-slots__day-name">{day.day}</legend>
              <ul>
                {day.slots.map((slot) => (
                  <li key={slot.startsAt}>
                    <label className="interview-slots__slot">
                      <input
                        type="radio"
                        name={name}
                        value={slot.startsAt}
                        checked={chosen === slot.startsAt}
                        onChange={() => setChosen(slot.startsAt)}
                        aria-label={slotInBothZones(slot.startsAt, slot.endsAt, ownZone, interviewerZone)}
                      />
                      <span>{rangeIn(slot.startsAt, slot.endsAt, ownZone)}</span>
                      {sameOnBothClocks(slot.startsAt, slot.endsAt, ownZone, interviewerZone) ? null : (
                        <span className="interview-slots__theirs">
                          {rangeIn(slot.startsAt, slot.endsAt, interviewerZone)} {zoneName(interviewerZone)}
                        </span>
                      )}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id={errorId} className="text-input__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
