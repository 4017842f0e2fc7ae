/**
 * Real US and Canadian freight cities for the demo data: a downtown ZIP or postal code and the city's
 * coordinates, so that points, vehicle locations and estimated miles look like real lanes.
 */
export type City = {
  city: string;
  /** Two-letter state or province code. */
  state: string;
  zip: string;
  country: 'US' | 'CA';
  lat: number;
  lon: number;
};

function us(city: string, state: string, zip: string, lat: number, lon: number): City {
  return { city, state, zip, country: 'US', lat, lon };
}

function ca(city: string, province: string, postalCode: string, lat: number, lon: number): City {
  return { city, state: province, zip: postalCode, country: 'CA', lat, lon };
}

export const CITIES: readonly City[] = [
  // Midwest
  us('Chicago', 'IL', '60601', 41.8781, -87.6298),
  us('Elk Grove Village', 'IL', '60007', 42.0039, -87.9703),
  us('Joliet', 'IL', '60432', 41.525, -88.0817),
  us('Indianapolis', 'IN', '46204', 39.7684, -86.1581),
  us('Fort Wayne', 'IN', '46802', 41.0793, -85.1394),
  us('Columbus', 'OH', '43215', 39.9612, -82.9988),
  us('Cleveland', 'OH', '44113', 41.4993, -81.6944),
  us('Cincinnati', 'OH', '45202', 39.1031, -84.512),
  us('Toledo', 'OH', '43604', 41.6528, -83.5379),
  us('Detroit', 'MI', '48226', 42.3314, -83.0458),
  us('Grand Rapids', 'MI', '49503', 42.9634, -85.6681),
  us('Milwaukee', 'WI', '53202', 43.0389, -87.9065),
  us('Green Bay', 'WI', '54301', 44.5133, -88.0133),
  us('Minneapolis', 'MN', '55401', 44.9778, -93.265),
  us('St. Louis', 'MO', '63101', 38.627, -90.1994),
  us('Kansas City', 'MO', '64106', 39.0997, -94.5786),
  us('Omaha', 'NE', '68102', 41.2565, -95.9345),
  us('Des Moines', 'IA', '50309', 41.5868, -93.625),
  us('Wichita', 'KS', '67202', 37.6872, -97.3301),
  us('Fargo', 'ND', '58102', 46.8772, -96.7898),
  us('Sioux Falls', 'SD', '57104', 43.5446, -96.7311),
  // South and Southeast
  us('Louisville', 'KY', '40202', 38.2527, -85.7585),
  us('Lexington', 'KY', '40507', 38.0406, -84.5037),
  us('Nashville', 'TN', '37203', 36.1627, -86.7816),
  us('Memphis', 'TN', '38103', 35.1495, -90.049),
  us('Knoxville', 'TN', '37902', 35.9606, -83.9207),
  us('Atlanta', 'GA', '30303', 33.749, -84.388),
  us('Savannah', 'GA', '31401', 32.0809, -81.0912),
  us('Charlotte', 'NC', '28202', 35.2271, -80.8431),
  us('Raleigh', 'NC', '27601', 35.7796, -78.6382),
  us('Greensboro', 'NC', '27401', 36.0726, -79.792),
  us('Greenville', 'SC', '29601', 34.8526, -82.394),
  us('Columbia', 'SC', '29201', 34.0007, -81.0348),
  us('Jacksonville', 'FL', '32202', 30.3322, -81.6557),
  us('Orlando', 'FL', '32801', 28.5383, -81.3792),
  us('Tampa', 'FL', '33602', 27.9506, -82.4572),
  us('Miami', 'FL', '33130', 25.7617, -80.1918),
  us('Birmingham', 'AL', '35203', 33.5186, -86.8104),
  us('Jackson', 'MS', '39201', 32.2988, -90.1848),
  us('New Orleans', 'LA', '70112', 29.9511, -90.0715),
  us('Little Rock', 'AR', '72201', 34.7465, -92.2896),
  // Texas and the Southwest
  us('Dallas', 'TX', '75201', 32.7767, -96.797),
  us('Fort Worth', 'TX', '76102', 32.7555, -97.3308),
  us('Houston', 'TX', '77002', 29.7604, -95.3698),
  us('San Antonio', 'TX', '78205', 29.4241, -98.4936),
  us('Austin', 'TX', '78701', 30.2672, -97.7431),
  us('Laredo', 'TX', '78040', 27.5306, -99.4803),
  us('El Paso', 'TX', '79901', 31.7619, -106.485),
  us('Oklahoma City', 'OK', '73102', 35.4676, -97.5164),
  us('Tulsa', 'OK', '74103', 36.154, -95.9928),
  us('Albuquerque', 'NM', '87102', 35.0844, -106.6504),
  us('Phoenix', 'AZ', '85003', 33.4484, -112.074),
  us('Tucson', 'AZ', '85701', 32.2226, -110.9747),
  // Mountain and West
  us('Denver', 'CO', '80202', 39.7392, -104.9903),
  us('Salt Lake City', 'UT', '84101', 40.7608, -111.891),
  us('Las Vegas', 'NV', '89101', 36.1699, -115.1398),
  us('Reno', 'NV', '89501', 39.5296, -119.8138),
  us('Boise', 'ID', '83702', 43.615, -116.2023),
  us('Los Angeles', 'CA', '90012', 34.0522, -118.2437),
  us('Ontario', 'CA', '91764', 34.0633, -117.6509),
  us('San Diego', 'CA', '92101', 32.7157, -117.1611),
  us('Fresno', 'CA', '93721', 36.7378, -119.7871),
  us('Sacramento', 'CA', '95814', 38.5816, -121.4944),
  us('Oakland', 'CA', '94612', 37.8044, -122.2712),
  us('Portland', 'OR', '97204', 45.5152, -122.6784),
  us('Seattle', 'WA', '98104', 47.6062, -122.3321),
  us('Spokane', 'WA', '99201', 47.6588, -117.426),
  // Northeast and Mid-Atlantic
  us('Pittsburgh', 'PA', '15222', 40.4406, -79.9959),
  us('Philadelphia', 'PA', '19107', 39.9526, -75.1652),
  us('Harrisburg', 'PA', '17101', 40.2732, -76.8867),
  us('Allentown', 'PA', '18101', 40.6084, -75.4902),
  us('Newark', 'NJ', '07102', 40.7357, -74.1724),
  us('Edison', 'NJ', '08817', 40.5187, -74.4121),
  us('New York', 'NY', '10007', 40.7128, -74.006),
  us('Buffalo', 'NY', '14202', 42.8864, -78.8784),
  us('Albany', 'NY', '12207', 42.6526, -73.7562),
  us('Syracuse', 'NY', '13202', 43.0481, -76.1474),
  us('Boston', 'MA', '02108', 42.3601, -71.0589),
  us('Hartford', 'CT', '06103', 41.7658, -72.6734),
  us('Baltimore', 'MD', '21202', 39.2904, -76.6122),
  us('Richmond', 'VA', '23219', 37.5407, -77.436),
  us('Norfolk', 'VA', '23510', 36.8508, -76.2859),
  // Canada
  ca('Toronto', 'ON', 'M5H 2N2', 43.6532, -79.3832),
  ca('Mississauga', 'ON', 'L5B 3C3', 43.589, -79.6441),
  ca('Hamilton', 'ON', 'L8P 4R5', 43.2557, -79.8711),
  ca('London', 'ON', 'N6A 3N7', 42.9849, -81.2453),
  ca('Windsor', 'ON', 'N9A 6J3', 42.3149, -83.0364),
  ca('Ottawa', 'ON', 'K1P 1J1', 45.4215, -75.6972),
  ca('Montreal', 'QC', 'H2Y 1C6', 45.5017, -73.5673),
  ca('Quebec City', 'QC', 'G1R 4P5', 46.8139, -71.208),
  ca('Winnipeg', 'MB', 'R3C 4T3', 49.8951, -97.1384),
  ca('Regina', 'SK', 'S4P 3Y2', 50.4452, -104.6189),
  ca('Calgary', 'AB', 'T2P 2M5', 51.0447, -114.0719),
  ca('Edmonton', 'AB', 'T5J 2R7', 53.5461, -113.4938),
  ca('Vancouver', 'BC', 'V6B 1A1', 49.2827, -123.1207),
  ca('Halifax', 'NS', 'B3J 3A5', 44.6488, -63.5752),
];
