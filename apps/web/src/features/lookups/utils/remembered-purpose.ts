/**
 * The purpose of the user's last lookup, kept in this browser per user, so the query screen starts
 * with it chosen (docs/product/purposes.md). Only an id: whether it is still offered is the
 * server's list to say.
 */
const key = (userId: number) => `finalidade:${userId}`;

export function rememberedPurposeId(userId: number): number | null {
  try {
    const id = Number(localStorage.getItem(key(userId)));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function rememberPurpose(userId: number, purposeId: number | null) {
  try {
    if (purposeId === null) localStorage.removeItem(key(userId));
    else localStorage.setItem(key(userId), String(purposeId));
  } catch {
    // Storage full or blocked: the next visit asks again.
  }
}
