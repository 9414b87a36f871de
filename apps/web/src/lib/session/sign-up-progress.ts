/**
 * What a sign-up in this tab has done so far (issue 12 item 7), so that a retry continues where it stopped
 * instead of registering again. Kept in sessionStorage: it survives a reload, not the tab.
 */
export interface SignUpProgress {
  /** The account the registration made (its tokens are the session). */
  userId: string;
  email: string;
  candidateCreated: boolean;
  /** The CV uploaded, by a key of the file chosen, so a retry with the same file does not upload it twice. */
  cv: { key: string; cvId: string } | null;
  /** The apply page: what the CV was already sent to (a job id or a business id), so a retry does not send it twice. */
  cvSentTo: string | null;
}

export interface SignUpProgressStore {
  get(): SignUpProgress | null;
  set(progress: SignUpProgress): void;
  clear(): void;
}

const PROGRESS_KEY = 'careers-portal.sign-up';

function parse(raw: string | null): SignUpProgress | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SignUpProgress>;
    if (
      typeof value.userId !== 'string' ||
      typeof value.email !== 'string' ||
      typeof value.candidateCreated !== 'boolean'
    )
      return null;
    const cv = value.cv && typeof value.cv.key === 'string' && typeof value.cv.cvId === 'string' ? value.cv : null;
    return {
      userId: value.userId,
      email: value.email,
      candidateCreated: value.candidateCreated,
      cv,
      cvSentTo: typeof value.cvSentTo === 'string' ? value.cvSentTo : null,
    };
  } catch {
    return null;
  }
}

/** A store on the given Storage; in memory when there is none (or it is blocked). */
export function createSignUpProgressStore(storage: Storage | undefined): SignUpProgressStore {
  let memory: SignUpProgress | null = null;
  return {
    get() {
      try {
        return storage ? parse(storage.getItem(PROGRESS_KEY)) : memory;
      } catch {
        return memory;
      }
    },
    set(progress) {
      memory = progress;
      try {
        storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
      } catch {
        // Storage full or blocked: the progress lasts as long as the page.
      }
    },
    clear() {
      memory = null;
      try {
        storage?.removeItem(PROGRESS_KEY);
      } catch {
        // Nothing to clear.
      }
    },
  };
}

const tabStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

export const signUpProgress: SignUpProgressStore = createSignUpProgressStore(tabStorage());

/** The same file chosen again (a retry keeps the File the candidate picked). */
export function fileKey(file: File): string {
  return `${file.name}|${file.size}|${file.lastModified}`;
}
