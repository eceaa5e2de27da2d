import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The pages and the text of a PDF, read with pdf.js (what browsers use), so a test checks the document opens. */
export async function pdfText(data: Buffer | Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: parts.join('\n') };
}
