import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { Entry } from '@/app/entry';
import { Providers } from '@/app/providers';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <Entry />
    </Providers>
  </StrictMode>,
);
