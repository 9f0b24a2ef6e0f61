export const notFound = {
  heading: 'Page not found',
  body: "The page you're looking for doesn't exist or has moved.",
  home: 'Go to the home page',
} as const;
