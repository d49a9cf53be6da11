import { createApp } from 'vue';
import { createPinia } from 'pinia';
import { addSchedulerCard, registerBuiltInCard } from '@shared/schedulers';
import App from './App.vue';
import { api, missingToken } from './api';
import MissingToken from './components/MissingToken.vue';
import { useNotices } from './stores/notices';
import './styles/theme.css';
import './styles/lists.css';
import './styles/editors.css';
import './styles/comparison.css';

/**
 * Every scheduler comes from main before the first view shows, as cards (the renderer cannot import
 * a policy's file): the built-ins (src-main/schedulers/registry.ts), then those added beside them,
 * so the designer's menu and every check of a design know them.
 */
async function start(): Promise<void> {
  const [builtIn, added] = await Promise.all([api.call('schedulers:builtIn', {}), api.call('schedulers:added', {})]);
  const problems: string[] = [];
  if (!builtIn.ok)
    problems.push(`The studio's schedulers could not be loaded (${builtIn.error.message}); designs show as not valid until the app is restarted.`);
  else
    for (const card of builtIn.data) {
      try {
        registerBuiltInCard(card);
      } catch (err) {
        problems.push(`The scheduler "${card.title}" could not be offered: ${(err as Error).message}.`);
      }
    }
  if (!added.ok) problems.push(`The schedulers added to this studio could not be loaded (${added.error.message}); designs using them show as not valid.`);
  else
    for (const card of added.data) {
      try {
        addSchedulerCard(card);
      } catch (err) {
        problems.push(`The added scheduler "${card.title}" could not be offered: ${(err as Error).message}.`);
      }
    }
  const pinia = createPinia();
  createApp(App).use(pinia).mount('#app');
  const notices = useNotices(pinia);
  for (const p of problems) notices.error(p);
}

// Without the token every request would fail: show only how to get in.
if (missingToken) createApp(MissingToken).mount('#app');
else void start();
