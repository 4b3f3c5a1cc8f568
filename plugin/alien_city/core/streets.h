// The street rule (seed rule 4, ruling R8): the empty lots form one
// orthogonally connected network and every structure touches it.
#pragma once

#include "lotset.h"
#include "state.h"

namespace alien_city {

// The four orthogonal neighbours of a lot.
LotSet neighbours_of(Lot lot);

// Whether the street network of `s` satisfies R8 as it stands: one connected
// set, and every built lot has a street neighbour.
bool streets_valid(const State& s);

// What random play learns of R8 once per position: `open` holds the streets
// no structure needs as its only street (none when fewer than two streets are
// left), a superset of the lots that pass R8; `quick` those of them that are
// locally simple, so pass with no further test. Any other lot of `open`
// passes unless splits_streets() says otherwise.
struct StreetSummary {
  LotSet open, quick;
};
StreetSummary street_summary(const State& s);

// Why building on an empty lot would break R8, if it would.
enum class StreetVerdict { Ok, NotStreet, Isolates, Splits };

// Every empty lot whose building keeps R8 (articulation points of the street
// graph and the sole street access of some structure are excluded).
// Precondition: streets_valid(s).
LotSet street_legal_lots(const State& s);

// The same question for one lot.
StreetVerdict street_verdict(const State& s, Lot lot);
inline bool street_legal(const State& s, Lot lot) { return street_verdict(s, lot) == StreetVerdict::Ok; }

// Whether building on street `lot` would split the street network, read off
// the faces of the street graph around it. The streets, joined at their
// sides, form a plane graph whose faces are the built regions
// (State::built_region) and the 2x2 blocks of streets. A street splits the
// network exactly when one face meets it in two of the gaps between its
// street neighbours: a closed curve through that face and the street then
// parts the streets on either side. A few table reads, no fill.
// Precondition: streets_valid(s) and `lot` is a street.
bool splits_streets(const State& s, Lot lot);

// The previous answer to the same question, kept as the reference for tests
// and benchmarks: a flood fill in the streets without `lot` that stops as soon
// as the lot's street neighbours are seen to stay connected.
bool splits_streets_by_flood(LotSet streets, Lot lot);
// street_legal_lots() with the flood fill for every street that is not
// locally simple (the previous method).
LotSet street_legal_lots_by_flood(const State& s);

// Lots that are the only street neighbour of some structure.
LotSet sole_access_lots(LotSet built, LotSet streets);

// Articulation points of the street graph (lots whose removal disconnects it).
LotSet articulation_points(LotSet streets);

// Streets whose street neighbours stay connected through the eight lots
// around them: removing one of these never disconnects the network. Computed
// for all lots at once with a few dozen bitboard operations; every street
// outside this set may be an articulation point and needs splits_streets().
LotSet locally_simple_lots(LotSet streets);

}  // namespace alien_city
