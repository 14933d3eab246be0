/** US Letter portrait (height ÷ width), for documents whose first page's shape was not recorded. */
export const LETTER_ASPECT = 11 / 8.5;
