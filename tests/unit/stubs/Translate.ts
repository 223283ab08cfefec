/** Test stand-in for @docusaurus/Translate: the default message, untranslated. */
export function translate({message}: {id?: string; message: string}): string {
  return message;
}
