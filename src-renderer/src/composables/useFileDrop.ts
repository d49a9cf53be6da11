import { ref } from 'vue';
import { useNotices } from '../stores/notices';

/**
 * A page that takes a file picked with its button or dropped on it: the file is read here as text
 * (after a size check, so a wrong large file is refused before it is read) and handed on.
 */
export function useFileDrop(maxBytes: number, what: string, take: (file: { fileName: string; text: string }) => void | Promise<void>) {
  const notices = useNotices();
  const picker = ref<HTMLInputElement>();
  const dragging = ref(false);

  async function read(file: File | undefined) {
    dragging.value = false;
    if (!file) return;
    if (file.size > maxBytes) return notices.error(`${file.name} is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB ${what} may be`);
    await take({ fileName: file.name, text: await file.text() });
  }
  function picked(e: Event) {
    const input = e.target as HTMLInputElement;
    void read(input.files?.[0]);
    input.value = '';
  }
  function dropped(e: DragEvent) {
    e.preventDefault();
    void read(e.dataTransfer?.files[0]);
  }
  return { picker, dragging, picked, dropped };
}
