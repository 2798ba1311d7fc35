/** A warehouse box's form (one per box: every button posts the ticked rows), as the action's replies name it. */
export const cartFormId = (box: string) => `cart-${box}`;

/** The edited row's two fields, named after its offer. */
export const rowFields = (offerId: number) => ({ quantity: `quantity-${offerId}`, price: `price-${offerId}` });
