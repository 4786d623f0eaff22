/** Reads a Server-Sent Events stream over real HTTP, as the browser does (fetch + Authorization). */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  let text = '';
  let ended = false;
  const reader = response.ok ? response.body!.getReader() : null;
  // One read in flight at a time: a read that outlives a timeout keeps its chunk for the next call.
  let pending: ReturnType<NonNullable<typeof reader>['read']> | null = null;
  /** Reads until `until(text)` holds, the stream ends, or `ms` pass; the text so far. */
  const read = async (until: (text: string) => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (reader && !ended && !until(text) && Date.now() < deadline) {
      pending ??= reader.read();
      const chunk = await Promise.race([
        pending,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 200)),
      ]);
      if (chunk === null) continue;
      pending = null;
      if (chunk.value) text += new TextDecoder().decode(chunk.value);
      if (chunk.done) ended = true;
    }
    return text;
  };
  return { response, read, ended: () => ended, stop: () => controller.abort() };
}
