import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app';
import { registerScriptFonts } from '@/lib/script-fonts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerScriptFonts();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
