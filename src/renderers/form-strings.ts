/** rjsf's interface strings in Spanish (its default is English). */
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';

const ES: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'Elemento',
  [TranslatableString.EmptyArray]: 'Todavía no hay elementos. Use el botón de abajo para agregar.',
  [TranslatableString.YesLabel]: 'Sí',
  [TranslatableString.NoLabel]: 'No',
  [TranslatableString.CloseLabel]: 'Cerrar',
  [TranslatableString.ErrorsLabel]: 'Errores',
  [TranslatableString.NewStringDefault]: 'Nuevo valor',
  [TranslatableString.AddButton]: 'Agregar',
  [TranslatableString.AddItemButton]: 'Agregar',
  [TranslatableString.CopyButton]: 'Copiar',
  [TranslatableString.MoveDownButton]: 'Bajar',
  [TranslatableString.MoveUpButton]: 'Subir',
  [TranslatableString.RemoveButton]: 'Quitar',
  [TranslatableString.NowLabel]: 'Ahora',
  [TranslatableString.ClearLabel]: 'Limpiar',
  [TranslatableString.AriaDateLabel]: 'Elija una fecha',
  [TranslatableString.PreviewLabel]: 'Vista previa',
  [TranslatableString.DecrementAriaLabel]: 'Disminuir en 1',
  [TranslatableString.IncrementAriaLabel]: 'Aumentar en 1',
  [TranslatableString.ClearButton]: 'borrar',
};

export function spanishStrings(key: TranslatableString, params?: string[]): string {
  const es = ES[key];
  return es ? es.replace(/%(\d)/g, (_, i) => params?.[Number(i) - 1] ?? '') : englishStringTranslator(key, params);
}
