/** Word lists the generated firm draws its people, clients and addresses from. */

/** A list written as text: items separated by commas. */
const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const FIRST_NAMES = list(`
  James, Mary, Robert, Patricia, John, Jennifer, Michael, Linda, David, Elizabeth, William, Barbara,
  Richard, Susan, Joseph, Jessica, Thomas, Sarah, Charles, Karen, Christopher, Lisa, Daniel, Nancy,
  Matthew, Betty, Anthony, Margaret, Mark, Sandra, Donald, Ashley, Steven, Kimberly, Paul, Emily,
  Andrew, Donna, Joshua, Michelle, Kenneth, Carol, Kevin, Amanda, Brian, Dorothy, George, Melissa,
  Timothy, Deborah, Ronald, Stephanie, Edward, Rebecca, Jason, Sharon, Jeffrey, Laura, Ryan, Cynthia,
  Jacob, Kathleen, Gary, Amy, Nicholas, Angela, Eric, Shirley, Jonathan, Anna, Priya, Wei, Mateo,
  Sofia, Aisha, Hiroshi, Olga, Kwame, Lucia, Arjun, Fatima, Diego, Mei, Tomasz, Ingrid, Rafael, Nadia,
  Samuel, Grace, Omar, Hannah, Elena, Marcus, Chloe, Ethan, Zoe, Noah, Maya, Liam, Ava
`);

export const LAST_NAMES = list(`
  Smith, Johnson, Williams, Brown, Jones, Garcia, Miller, Davis, Rodriguez, Martinez, Hernandez, Lopez,
  Gonzalez, Wilson, Anderson, Thomas, Taylor, Moore, Jackson, Martin, Lee, Perez, Thompson, White,
  Harris, Sanchez, Clark, Ramirez, Lewis, Robinson, Walker, Young, Allen, King, Wright, Scott, Torres,
  Nguyen, Hill, Flores, Green, Adams, Nelson, Baker, Hall, Rivera, Campbell, Mitchell, Carter, Roberts,
  Gomez, Phillips, Evans, Turner, Diaz, Parker, Cruz, Edwards, Collins, Reyes, Stewart, Morris,
  Morales, Murphy, Cook, Rogers, Gutierrez, Ortiz, Morgan, Cooper, Peterson, Bailey, Reed, Kelly,
  Howard, Ramos, Kim, Cox, Ward, Richardson, Watson, Brooks, Chavez, Wood, James, Bennett, Gray,
  Mendoza, Ruiz, Hughes, Price, Alvarez, Castillo, Sanders, Patel, Myers, Long, Ross, Foster, Jimenez,
  Chen, Wang, Singh, Kowalski, Novak, Okafor, Haddad, Sato, Larsen, Schmidt, Fischer, Rossi, Dubois,
  Silva, Costa, O'Brien, McCarthy, Sullivan, Byrne, Whitfield
`);

export const MIDDLE_INITIALS = 'ABCDEFGHJKLMNPRSTW';

/** Place-like words that start many small-business names. */
export const PLACE_WORDS = list(`
  Harbor Point, Cedar Ridge, Maple Grove, Lakeside, Riverbend, Summit, Oak Hollow, Bayview,
  Pine Valley, Stonebridge, Willow Creek, Northgate, Eastfield, Silver Lake, Granite, Redwood,
  Blue Heron, Meadowbrook, Ironwood, Golden State, Prairie, Coastal, Highland, Keystone, Liberty,
  Heritage, Pioneer, Evergreen, Crescent, Union Square, Foxglove, Brightwater
`);

export const TRADES = list(`
  Dental, Plumbing, Landscaping, Construction, Consulting, Bakery, Auto Repair, Realty, Logistics,
  Veterinary Clinic, Design Studio, Coffee Roasters, Marine Supply, Roofing, Electric,
  Insurance Agency, Property Management, Software, Fitness, Orthodontics, Pharmacy, Catering,
  Brewing Company, Farms, Machine Works, Printing, Medical Group, Architects, Physical Therapy,
  Florist, Heating & Air, Hardware, Cleaning Services, Staffing, Trucking, Restaurant Group, Optometry,
  Salon, Pet Care, Home Health, Engineering, Winery
`);

export const PROFESSIONS = list(`
  Law Group, Medical Associates, Engineering Partners, Dental Partners, Advisors
`);

export const CAUSES = list(`
  Community Foundation, Food Bank, Arts Council, Youth Soccer League, Historical Society,
  Animal Rescue, Literacy Project, Housing Alliance, Garden Club, Scholarship Fund
`);

export const STREETS = list(`
  Main St, Oak Ave, Maple Dr, Park Blvd, Elm St, Washington Ave, Lake Rd, Hillcrest Dr, Cedar Ln,
  Sunset Blvd, Church St, Market St, River Rd, Highland Ave, Mill St, Pine St, Franklin Ave,
  Jefferson St, Broadway, Spring St, Center St, Walnut St, Chestnut St, Ridge Rd
`);

/** City, state and the first three digits of its ZIP codes. */
export const CITIES: [string, string, string][] = list(`
  Boston / MA / 021, Worcester / MA / 016, Providence / RI / 029, Hartford / CT / 061,
  Stamford / CT / 069, Albany / NY / 122, Buffalo / NY / 142, Brooklyn / NY / 112, Newark / NJ / 071,
  Princeton / NJ / 085, Philadelphia / PA / 191, Pittsburgh / PA / 152, Baltimore / MD / 212,
  Arlington / VA / 222, Richmond / VA / 232, Raleigh / NC / 276, Charlotte / NC / 282,
  Charleston / SC / 294, Atlanta / GA / 303, Savannah / GA / 314, Orlando / FL / 328, Tampa / FL / 336,
  Miami / FL / 331, Nashville / TN / 372, Columbus / OH / 432, Cleveland / OH / 441,
  Detroit / MI / 482, Chicago / IL / 606, Naperville / IL / 605, Madison / WI / 537,
  Minneapolis / MN / 554, St. Louis / MO / 631, Dallas / TX / 752, Austin / TX / 787,
  Houston / TX / 770, Denver / CO / 802, Phoenix / AZ / 850, Salt Lake City / UT / 841,
  Seattle / WA / 981, Portland / OR / 972
`).map((entry) => entry.split(' / ') as [string, string, string]);

export const AREA_CODES = list(`
  212, 305, 312, 404, 415, 503, 512, 602, 617, 713, 804, 919
`);

export const CLIENT_TAGS = list(`
  monthly, quarterly, payroll, tax-only, audit, vip, new-client, multi-state
`);

export const CLIENT_NOTES = [
  'Prefers e-mail over phone calls.',
  'Documents usually arrive late in March; send reminder in February.',
  'Owner travels in summer; schedule meetings in spring or fall.',
  'Uses QuickBooks Online; bank feeds connected.',
  'Spouse handles the household paperwork.',
  'Extension filed most years.',
];
