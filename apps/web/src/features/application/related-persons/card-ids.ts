/**
 * DOM ids of the person cards, by the person's place in the list: the
 * summary's links and the focus after a removal find a card by them.
 */
export const cardIdOf = (index: number) => `related-person-${String(index)}`;
export const cardHeadingIdOf = (index: number) => `related-person-${String(index)}-name`;
