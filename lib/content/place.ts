/** Where a project took place, as shown: its venue, and its city unless the venue already names it. */
export const placeOf = ({ location, city }: { location: string; city: string }) =>
  city && !location.toLowerCase().includes(city.toLowerCase()) ? `${location}, ${city}` : location;
