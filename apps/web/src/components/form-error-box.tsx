/** The server's refusal (or the screen's alert, docs/product/errors.md#in-the-panel) inside a dialog, read out when it appears. */
export function FormErrorBox({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
