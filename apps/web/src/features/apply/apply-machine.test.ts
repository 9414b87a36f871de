import { describe, expect, it } from 'vitest';
import type { Cv } from '@careers/contracts/candidate';
import { applyReducer, chooseCv, initialApplyState, type ApplyEvent, type ApplyState } from './apply-machine';

const cv = (id: string, createdOn = '2026-01-02T10:00:00.000Z'): Cv => ({
  id,
  fileName: `${id}.pdf`,
  contentType: 'application/pdf',
  createdOn,
  cvParseStatus: 'Parsed',
});
const file = (name = 'cv.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const details = { name: 'Ada', email: 'ada@example.com', phone: '0123', postCode: 'AB1 2CD' };

function run(...events: ApplyEvent[]): ApplyState {
  return events.reduce(applyReducer, initialApplyState());
}

describe('apply step machine (product.md §4)', () => {
  it('starts at form in mode new', () => {
    expect(initialApplyState()).toMatchObject({ step: 'form', mode: 'new' });
  });

  it('stored auth: the validated session with its CVs goes to cvSelection, the first CV picked', () => {
    const state = run({ type: 'storedSessionRestored', cvs: [cv('a'), cv('b')] });
    expect(state).toMatchObject({ step: 'cvSelection', mode: 'existing', cvs: [{ id: 'a' }, { id: 'b' }] });
    expect(state.model.selectedCv).toBe('a');
  });

  it('keeps a standing application found on arrival or at sign-in (the page says so), none otherwise; logout forgets it', () => {
    const standing = { id: 'app-1', appliedOn: '2026-11-22T10:00:00.000Z' };
    expect(
      run({ type: 'storedSessionRestored', cvs: [cv('a')], standingApplication: standing }).standingApplication,
    ).toEqual(standing);
    expect(run({ type: 'storedSessionRestored', cvs: [cv('a')] }).standingApplication).toBeNull();
    const signedIn = run(
      { type: 'loginChosen' },
      { type: 'loginCodeSent', loginEmail: 'ada@example.com', resendWaitSeconds: 0 },
      { type: 'codeVerified', verificationCode: '1', cvs: [], standingApplication: standing },
    );
    expect(signedIn).toMatchObject({ step: 'cvSelection', standingApplication: standing });
    expect(applyReducer(signedIn, { type: 'loggedOut' }).standingApplication).toBeNull();
  });

  it('verification, mode new: a corrected address becomes where the code went; an existing account cannot correct it', () => {
    const state = run(
      { type: 'newAccountCodeSent', details, cv: file(), resendWaitSeconds: 42 },
      { type: 'addressCorrected', email: 'ada@gmail.com' },
    );
    expect(state).toMatchObject({
      step: 'verification',
      mode: 'new',
      codeSentTo: 'ada@gmail.com',
      resendWaitSeconds: 0,
    });
    expect(state.model.email).toBe('ada@gmail.com');
    const existing = run({ type: 'loginCodeSent', loginEmail: 'bo@example.com', resendWaitSeconds: 0 });
    expect(
      applyReducer(
        run({ type: 'loginChosen' }, { type: 'loginCodeSent', loginEmail: 'bo@example.com', resendWaitSeconds: 0 }),
        { type: 'addressCorrected', email: 'x@example.com' },
      ).codeSentTo,
    ).toBe('bo@example.com');
    expect(applyReducer(existing, { type: 'addressCorrected', email: 'x@example.com' })).toBe(existing);
  });

  it('form → login via Login (mode existing), login → form via Sign up (mode new)', () => {
    const login = run({ type: 'loginChosen' });
    expect(login).toMatchObject({ step: 'login', mode: 'existing' });
    expect(applyReducer(login, { type: 'signUpChosen' })).toMatchObject({ step: 'form', mode: 'new' });
  });

  it('form → verification in mode existing with the notice; the form CV comes along as the new upload', () => {
    const chosen = file('mine.pdf');
    const state = run({ type: 'existingAccountCodeSent', details, cv: chosen, resendWaitSeconds: 0 });
    expect(state).toMatchObject({
      step: 'verification',
      mode: 'existing',
      existingAccountNotice: true,
      codeSentTo: 'ada@example.com',
    });
    expect(state.model).toMatchObject({ ...details, fileName: 'mine.pdf', newCv: chosen, newFileName: 'mine.pdf' });
  });

  it('form → verification in mode new', () => {
    const state = run({ type: 'newAccountCodeSent', details, cv: file(), resendWaitSeconds: 42 });
    expect(state).toMatchObject({
      step: 'verification',
      mode: 'new',
      existingAccountNotice: false,
      resendWaitSeconds: 42,
      codeSentTo: details.email,
    });
  });

  it('login → verification once the code is sent', () => {
    const state = run(
      { type: 'loginChosen' },
      { type: 'loginCodeSent', loginEmail: 'bo@example.com', resendWaitSeconds: 0 },
    );
    expect(state).toMatchObject({
      step: 'verification',
      mode: 'existing',
      codeSentTo: 'bo@example.com',
      model: { loginEmail: 'bo@example.com' },
    });
  });

  it('verification → success in mode new', () => {
    const state = run(
      { type: 'newAccountCodeSent', details, cv: file(), resendWaitSeconds: 0 },
      { type: 'codeVerified', verificationCode: '123456' },
    );
    expect(state).toMatchObject({ step: 'success', model: { verificationCode: '123456' } });
  });

  it('verification → cvSelection with the loaded CVs in mode existing', () => {
    const state = run(
      { type: 'loginChosen' },
      { type: 'loginCodeSent', loginEmail: 'bo@example.com', resendWaitSeconds: 0 },
      { type: 'codeVerified', verificationCode: '1', cvs: [cv('x')] },
    );
    expect(state).toMatchObject({ step: 'cvSelection', cvs: [{ id: 'x' }], model: { selectedCv: 'x' } });
  });

  it('cvSelection → success after Apply; a refused application keeps the step and marks the redirect', () => {
    const selecting = run({ type: 'storedSessionRestored', cvs: [cv('a')] });
    expect(applyReducer(selecting, { type: 'applied' }).step).toBe('success');
    expect(applyReducer(selecting, { type: 'applyRejected' })).toMatchObject({
      step: 'cvSelection',
      redirecting: true,
    });
  });

  it('cvSelection edits the selected CV and the new upload; the upload keeps the selection for when it is removed', () => {
    const upload = file('new.docx');
    const state = run(
      { type: 'storedSessionRestored', cvs: [cv('a'), cv('b')] },
      { type: 'cvSelected', cvId: 'b' },
      { type: 'newCvChosen', file: upload },
    );
    expect(state.model).toMatchObject({ selectedCv: 'b', newCv: upload, newFileName: 'new.docx' });
    expect(chooseCv(state.model)).toEqual({ kind: 'upload', file: upload });
    expect(applyReducer(state, { type: 'newCvChosen', file: null }).model).toMatchObject({
      selectedCv: 'b',
      newCv: null,
      newFileName: '',
    });
  });

  it('picking a stored CV after an upload is an explicit choice that drops the upload', () => {
    const state = run(
      { type: 'storedSessionRestored', cvs: [cv('a'), cv('b')] },
      { type: 'newCvChosen', file: file() },
      { type: 'cvSelected', cvId: 'b' },
    );
    expect(state.model).toMatchObject({ selectedCv: 'b', newCv: null, newFileName: '' });
    expect(chooseCv(state.model)).toEqual({ kind: 'stored', cvId: 'b' });
  });

  it('ignores events that do not belong to the current step', () => {
    const form = initialApplyState();
    expect(applyReducer(form, { type: 'applied' })).toBe(form);
    expect(applyReducer(form, { type: 'codeVerified', verificationCode: '1' })).toBe(form);
    expect(applyReducer(form, { type: 'signUpChosen' })).toBe(form);
    const login = run({ type: 'loginChosen' });
    expect(applyReducer(login, { type: 'existingAccountCodeSent', details, cv: file(), resendWaitSeconds: 0 })).toBe(
      login,
    );
  });

  it('logout returns to a clean form', () => {
    expect(applyReducer(run({ type: 'storedSessionRestored', cvs: [cv('a')] }), { type: 'loggedOut' })).toEqual(
      initialApplyState(),
    );
  });
});

describe('chooseCv', () => {
  it('a new upload wins over a selected CV', () => {
    const upload = file();
    expect(chooseCv({ selectedCv: 'a', newCv: upload })).toEqual({ kind: 'upload', file: upload });
  });
  it('uses the selected CV without an upload, and nothing when neither is there', () => {
    expect(chooseCv({ selectedCv: 'a', newCv: null })).toEqual({ kind: 'stored', cvId: 'a' });
    expect(chooseCv({ selectedCv: null, newCv: null })).toBeNull();
  });
});
