import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import './styles/theme.css';
import './styles/lists.css';
import './styles/editors.css';
import './styles/comparison.css';

createApp(App).use(createPinia()).mount('#app');
