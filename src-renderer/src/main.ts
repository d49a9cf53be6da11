import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { missingToken } from './api';
import MissingToken from './components/MissingToken.vue';
import './styles/theme.css';
import './styles/lists.css';
import './styles/editors.css';
import './styles/comparison.css';

// Without the token every request would fail: show only how to get in.
if (missingToken) createApp(MissingToken).mount('#app');
else createApp(App).use(createPinia()).mount('#app');
