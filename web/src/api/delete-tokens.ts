/**
 * Delete tokens of the reports this browser uploaded, in localStorage (`dstatview:delete:<id>`): the server
 * shows a token only once, in the upload reply. Storage may be unavailable (private mode, quota): then the
 * report simply offers no Delete button.
 */
const key = (id: string) => `dstatview:delete:${id}`;

export function rememberDeleteToken(id: string, token: string): void {
  if (!token) return;
  try {
    localStorage.setItem(key(id), token);
  } catch {
    // No storage: nothing to offer later.
  }
}

export function deleteTokenFor(id: string): string | null {
  try {
    return localStorage.getItem(key(id));
  } catch {
    return null;
  }
}

export function forgetDeleteToken(id: string): void {
  try {
    localStorage.removeItem(key(id));
  } catch {
    // Nothing kept.
  }
}

/** Reports this browser deleted (`dstatview:deleted:<id>`): their link then says so, not "check the link". */
const deletedKey = (id: string) => `dstatview:deleted:${id}`;

export function rememberDeleted(id: string): void {
  try {
    localStorage.setItem(deletedKey(id), '1');
  } catch {
    // No storage: the link says "not found".
  }
}

export function wasDeleted(id: string): boolean {
  try {
    return localStorage.getItem(deletedKey(id)) !== null;
  } catch {
    return false;
  }
}
