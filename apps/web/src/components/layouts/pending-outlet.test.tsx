import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PendingOutlet } from '@/components/layouts/pending-outlet';

/** A frame with its outlet, a first page, and a second page whose code arrives when `arrive` is called. */
function renderFrame() {
  let arrive: () => void = () => undefined;
  const slowPage = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <div>
            <p>Cabeçalho</p>
            <PendingOutlet base="/" />
          </div>
        ),
        children: [
          { index: true, element: <h1>Primeira</h1> },
          {
            path: 'segunda',
            lazy: async () => {
              await slowPage;
              return { Component: () => <h1>Segunda</h1> };
            },
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, arrive: () => arrive() };
}

afterEach(() => vi.useRealTimers());

describe('PendingOutlet', () => {
  it("shows the page skeleton in the frame while a slow page's code downloads", async () => {
    const { router, arrive } = renderFrame();
    expect(await screen.findByRole('heading', { name: 'Primeira' })).toBeInTheDocument();

    vi.useFakeTimers();
    act(() => void router.navigate('/segunda'));
    // A page that comes at once keeps the previous one on screen, without a flash of grey.
    expect(screen.getByRole('heading', { name: 'Primeira' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(screen.queryByRole('heading', { name: 'Primeira' })).toBeNull();
    expect(screen.getByText('Cabeçalho')).toBeInTheDocument();

    vi.useRealTimers();
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Segunda' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
