/** product.md §5's messages; the field rules are the shared contract's. */
export const profileMessages = {
  enterName: 'Please enter your name',
  enterPhone: 'Please enter your phone number',
  enterPostCode: 'Please enter your post code',
  saved: 'Your profile has been saved.',
} as const;
