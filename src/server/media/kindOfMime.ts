import { productEngine } from '../products/productEngine';
import { uploadTypes } from '../products/uploadTypes';

/** What kind of file a stored MIME type is (codes/upload_file_type x-kind): image, video, audio, pdf, excel or html. */
export function kindOfMime(mime: string): string {
  return uploadTypes(productEngine().engine).types.find((t) => t.mime === mime)?.kind ?? 'other';
}
