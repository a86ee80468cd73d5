/** Mean rating to one decimal from the product row's running count and sum; 0 without reviews. */
export const averageRating = (count: number, sum: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : 0);
