/**
 * A form field's value as a design keeps it: a checkbox's state; a number field's number, nothing
 * when emptied (an optional setting goes back to its default), or its text when it is not a number,
 * so the design's check names the field; any other field's text.
 */
export function inputValue(el: HTMLInputElement | HTMLSelectElement): unknown {
  if (el instanceof HTMLInputElement && el.type === 'checkbox') return el.checked;
  if (el instanceof HTMLInputElement && el.type === 'number') return el.value === '' ? undefined : Number.isNaN(el.valueAsNumber) ? el.value : el.valueAsNumber;
  return el.value;
}
