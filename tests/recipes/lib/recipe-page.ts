// Reads the recipes out of the page that shows them (apps/docs/pages/other-languages.md), so that the tests run
// what a reader copies. A recipe block is a fenced code block right after a marker comment:
//   <!-- recipe go: file controlplane.yaml -->   a file to write, as shown
//   <!-- recipe go: run -->                      commands, one a line (# lines are comments), run in order
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const RECIPE_PAGE = 'apps/docs/pages/other-languages.md';

export interface RecipeBlock {
  language: string;
  /** `file <name>` or `run`. */
  kind: 'file' | 'run';
  name: string | undefined;
  content: string;
}

export interface Recipe {
  files: { name: string; content: string }[];
  commands: string[];
}

const MARKER = /<!-- recipe (\w+): (file ([^\s]+)|run) -->\n```[^\n]*\n([\s\S]*?)```/g;

export function recipeBlocks(markdown: string): RecipeBlock[] {
  return [...markdown.matchAll(MARKER)].map((match) => ({
    language: match[1]!,
    kind: match[3] === undefined ? 'run' : 'file',
    name: match[3],
    content: match[4]!,
  }));
}

export function readPage(relative = RECIPE_PAGE): string {
  return readFileSync(path.join(repoRoot, relative), 'utf8');
}

/** The recipe for one language from the page: its files and its commands (without comments). */
export function recipeFor(language: string, markdown = readPage()): Recipe {
  const blocks = recipeBlocks(markdown).filter((block) => block.language === language);
  const files = blocks.filter((block) => block.kind === 'file').map((block) => ({ name: block.name!, content: block.content }));
  const commands = blocks
    .filter((block) => block.kind === 'run')
    .flatMap((block) => block.content.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (files.length === 0 || commands.length === 0) throw new Error(`${RECIPE_PAGE}: no recipe for ${language} (a "<!-- recipe ${language}: file NAME -->" and a "<!-- recipe ${language}: run -->" block)`);
  return { files, commands };
}

/** Writes the recipe's files into `folder` as the page shows them (folders made as needed). */
export function writeRecipeFiles(folder: string, recipe: Recipe): void {
  for (const file of recipe.files) {
    const target = path.join(folder, file.name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}
