import { encodePng } from '@careers/server-kit/png';

// 5×7 capitals, one string per row ('#' = ink). Only letters; anything else draws as a block.
const GLYPHS: Record<string, string[]> = {
  A: [' ### ', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  B: ['#### ', '#   #', '#   #', '#### ', '#   #', '#   #', '#### '],
  C: [' ####', '#    ', '#    ', '#    ', '#    ', '#    ', ' ####'],
  D: ['#### ', '#   #', '#   #', '#   #', '#   #', '#   #', '#### '],
  E: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#####'],
  F: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#    '],
  G: [' ####', '#    ', '#    ', '#  ##', '#   #', '#   #', ' ####'],
  H: ['#   #', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  I: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '#####'],
  J: ['#####', '   # ', '   # ', '   # ', '   # ', '#  # ', ' ##  '],
  K: ['#   #', '#  # ', '# #  ', '##   ', '# #  ', '#  # ', '#   #'],
  L: ['#    ', '#    ', '#    ', '#    ', '#    ', '#    ', '#####'],
  M: ['#   #', '## ##', '# # #', '# # #', '#   #', '#   #', '#   #'],
  N: ['#   #', '##  #', '# # #', '#  ##', '#   #', '#   #', '#   #'],
  O: [' ### ', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  P: ['#### ', '#   #', '#   #', '#### ', '#    ', '#    ', '#    '],
  Q: [' ### ', '#   #', '#   #', '#   #', '# # #', '#  # ', ' ## #'],
  R: ['#### ', '#   #', '#   #', '#### ', '# #  ', '#  # ', '#   #'],
  S: [' ####', '#    ', '#    ', ' ### ', '    #', '    #', '#### '],
  T: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  '],
  U: ['#   #', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  V: ['#   #', '#   #', '#   #', '#   #', '#   #', ' # # ', '  #  '],
  W: ['#   #', '#   #', '#   #', '# # #', '# # #', '## ##', '#   #'],
  X: ['#   #', '#   #', ' # # ', '  #  ', ' # # ', '#   #', '#   #'],
  Y: ['#   #', '#   #', ' # # ', '  #  ', '  #  ', '  #  ', '  #  '],
  Z: ['#####', '    #', '   # ', '  #  ', ' #   ', '#    ', '#####'],
};
const BLOCK = Array.from({ length: 7 }, () => '#####');

/** A square logo: a coloured background with up to two white initials, drawn pixel by pixel. */
export function initialsLogo(initials: string, color: [number, number, number], size = 96): Buffer {
  const letters = initials.toUpperCase().slice(0, 2).split('');
  const scale = Math.floor(size / (letters.length * 6 + 2));
  const textWidth = (letters.length * 6 - 1) * scale;
  const left = Math.floor((size - textWidth) / 2);
  const top = Math.floor((size - 7 * scale) / 2);
  return encodePng(size, size, (x, y) => {
    const gx = Math.floor((x - left) / scale);
    const gy = Math.floor((y - top) / scale);
    const letter = letters[Math.floor(gx / 6)];
    const column = gx % 6;
    if (x >= left && y >= top && letter && gy < 7 && column < 5) {
      const glyph = GLYPHS[letter] ?? BLOCK;
      if (glyph[gy]?.[column] === '#') return [255, 255, 255, 255];
    }
    return [...color, 255];
  });
}
