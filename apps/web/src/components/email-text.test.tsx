import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from '@/components/email-text';

describe('an e-mail on a narrow line', () => {
  it('reads whole and may wrap only before the @ and after the dots of its domain', () => {
    const { container } = render(<EmailText email="maria.da.silva@empresa.exemplo.com.br" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span).toHaveTextContent(/^maria\.da\.silva@empresa\.exemplo\.com\.br$/);
    // Wrap opportunities sit between the parts, never inside the name before the @.
    expect(span.innerHTML).toBe('maria.da.silva<wbr>@empresa.<wbr>exemplo.<wbr>com.<wbr>br');
  });

  it('shows a text without an @ as it is', () => {
    const { container } = render(<EmailText email="sem-arroba" />);
    expect(container.firstElementChild?.innerHTML).toBe('sem-arroba');
  });
});
