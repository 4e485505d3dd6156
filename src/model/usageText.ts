/**
 * A command's usage as a terminal shows it: each option's or command's words folded into a column beside its
 * syntax, whatever their length in the language they were translated into. No vscode import.
 */

/** `text`'s words in lines of at most `width` characters (a longer word stays whole on its own line). */
export function foldWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return line === '' ? lines : [...lines, line];
}

/**
 * Rows of a usage: the syntax in the first `column` characters, its words folded beside it to `width` in all.
 * A syntax too long for the column has its words start on the next line.
 */
export function usageRows(rows: readonly (readonly [syntax: string, words: string])[], column: number, width: number): string {
  const indent = ' '.repeat(column);
  return rows.flatMap(([syntax, words]) => {
    const folded = foldWords(words, width - column);
    const first = syntax.length < column ? [`${syntax.padEnd(column)}${folded.shift() ?? ''}`] : [syntax];
    return [...first, ...folded.map((line) => `${indent}${line}`)];
  }).join('\n');
}
