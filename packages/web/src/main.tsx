import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { i18nReady } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

// The first language's texts are a chunk of their own (i18n/index.ts): render once they are here.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
