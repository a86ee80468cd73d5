export const orders = {
  fetchFailed: "Failed to fetch orders",
  detailFailed: "Failed to fetch order details",
  none: "No orders found",
  noneHint: "You haven't placed any orders yet.",
  fetched: "Orders fetched successfully",
  detailFetched: "Order fetched successfully",
  notFound: "Order not found",
  defaultStatus: "Confirmed",
  showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} ${total === 1 ? "order" : "orders"}`,
  pagingLabel: "Orders pages",
} as const;
