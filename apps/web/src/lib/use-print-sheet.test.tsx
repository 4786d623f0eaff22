import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { usePrintSheet } from '@/lib/use-print-sheet';

function Printable() {
  const { printing, print } = usePrintSheet();
  return (
    <>
      <button type="button" onClick={print}>
        Imprimir
      </button>
      {printing && <p>Folha para impressão</p>}
    </>
  );
}

describe('usePrintSheet', () => {
  it('shows the sheet while the browser prints from Ctrl+P, and only then', () => {
    render(<Printable />);
    expect(screen.queryByText('Folha para impressão')).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(screen.getByText('Folha para impressão')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByText('Folha para impressão')).toBeNull();
  });

  it('lays the sheet out before the print dialog opens from the button', async () => {
    let seen = false;
    vi.stubGlobal('print', () => {
      seen = screen.queryByText('Folha para impressão') !== null;
    });
    render(<Printable />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Imprimir' }));

    expect(seen).toBe(true);
    expect(screen.queryByText('Folha para impressão')).toBeNull();
  });
});
