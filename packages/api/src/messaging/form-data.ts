import { CONVERSATION_FILE_FIELD } from '../contract/messaging.ts';

type FieldValues<F> = { [K in keyof F]?: string | number | undefined };

/**
 * The multipart body of a send: the text fields named as in the contract's field schema `F`
 * (an empty or missing value is left out), then the file, if any, under `file`.
 */
export function messageFormData<F>(
  fields: FieldValues<F>,
  file?: { data: Blob | null | undefined; name: string | undefined },
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') body.append(name, String(value));
  }
  if (file?.data) {
    body.append(
      CONVERSATION_FILE_FIELD,
      file.data,
      file.name ?? (file.data instanceof File ? file.data.name : 'fil'),
    );
  }
  return body;
}
