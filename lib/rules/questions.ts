/** A reader's question and a member's answer are at most this many characters (issue 44): the forms' limit and the API's. */
export const MAX_QUESTION_LENGTH = 4000;
export const MAX_ANSWER_LENGTH = 4000;
