import { useId, useState } from 'react';
import type { InterviewSlot } from '@careers/contracts/interviews';
import { Button } from '../../../components/button';
import { slotInBothZones, slotsByDay, rangeIn, zoneName } from '../../../lib/interview-times';

/**
 * The open slots as radio buttons, one group per day in the reader's zone: Tab reaches the group, the arrow
 * keys move between times, and each time's label says it in both zones for a screen reader.
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
          Open times, in your time zone ({zoneName(ownZone)}) with the interviewer&apos;s ({zoneName(interviewerZone)})
          beside them
        </legend>
        <div className="interview-slots__days">
          {slotsByDay(slots, ownZone).map((day) => (
            <div key={day.day} className="interview-slots__day" role="group" aria-label={day.day}>
              <p className="interview-slots__day-name" aria-hidden="true">
                {day.day}
              </p>
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
                      <span className="interview-slots__theirs">
                        {rangeIn(slot.startsAt, slot.endsAt, interviewerZone)} {zoneName(interviewerZone)}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
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
