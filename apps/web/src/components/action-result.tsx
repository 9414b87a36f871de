import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import './action-result.css';

/*
 * After an action made on the page (send, save, move, book), the focus goes to what the action made
 * (docs/decisions/0541). The button that had the focus is disabled while the call runs, or goes with the form
 * or dialog that held it, so without this the focus falls to the body and a keyboard or screen-reader user
 * starts again from the top of the page. A toast cannot take it: it goes after three seconds.
 */

/** Focuses an action's result; the element is made focusable by script only (tabindex -1), never by Tab. */
export function focusResult(target: HTMLElement | null | undefined): void {
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * For a result that the call's answer puts on the page (the new message, the booked time): ask for it by its
 * element's id, and it takes the focus at the first render of the asking component that shows it.
 */
export function useFocusWhenShown(): (id: string) => void {
  const wanted = useRef<string | null>(null);
  const [, renderAgain] = useState(0);
  useEffect(() => {
    const target = wanted.current ? document.getElementById(wanted.current) : null;
    if (!target) return;
    wanted.current = null;
    focusResult(target);
  });
  return useCallback((id: string) => {
    wanted.current = id;
    renderAgain((count) => count + 1);
  }, []);
}

export interface ActionResult {
  words: string;
  /** A new one for every action, so that the same words said twice take the focus twice. */
  key: number;
}

/** The result shown, `show` it after the call succeeds, `clear` it when a new attempt starts. */
export type ActionResultState = [result: ActionResult | null, show: (words: string) => void, clear: () => void];

/**
 * What an action did, said in words by a `ResultStatus`. Kept by a component that outlives the form (a form
 * remade by its key would lose it).
 */
export function useActionResult(): ActionResultState {
  const [result, setResult] = useState<ActionResult | null>(null);
  const show = useCallback((words: string) => setResult((now) => ({ words, key: (now?.key ?? 0) + 1 })), []);
  const clear = useCallback(() => setResult(null), []);
  return [result, show, clear];
}

function StatusLine({ children, className }: { children: ReactNode; className?: string }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => focusResult(line.current), []);
  return (
    <p ref={line} tabIndex={-1} role="status" className={className ? `action-result ${className}` : 'action-result'}>
      {children}
    </p>
  );
}

/**
 * The line that says what the action did, where it was done, and takes the focus when it appears: a screen
 * reader says it, and Tab goes on from there. Nothing while there is no result.
 */
export function ResultStatus({ result, className }: { result: ActionResult | null; className?: string }) {
  if (!result) return null;
  return (
    <StatusLine key={result.key} className={className}>
      {result.words}
    </StatusLine>
  );
}
