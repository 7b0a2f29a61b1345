import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { initI18n } from './i18n';
import { useApp } from './store';
import './styles.css';

initI18n(useApp.getState().language);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
