// The analysis board's move tree (gamehost/records/variation_tree.h): variations
// nested at any ply, promote and delete with the recorded game kept as the
// main line, paths, the sidecar LOG.ghvars read back exactly, damaged
// sidecars refused with the byte, and `gamehost show --variation`.
#include <catch2/catch.hpp>

#include "gamehost/base/error.h"
#include "gamehost/records/record_framing.h"
#include "gamehost/records/variation_tree.h"
#include "test_support.h"

using namespace gamehost;
using test::read_file;
using test::run_gamehost;
using test::temp_dir;
using test::write_file;
using Tree = VariationTree;

namespace {

// A made-up game of three moves a, b, c (ids 1, 2, 3).
Tree abc() { return Tree({{1, "a"}, {2, "b"}, {3, "c"}}); }

std::vector<std::string> notations(const Tree& t, const std::vector<Tree::NodeId>& ids) {
  std::vector<std::string> out;
  for (auto id : ids) out.push_back(t.path_of(id));
  return out;
}

using test::sample;

}  // namespace

TEST_CASE("variations nest at any ply, and the recorded game stays the main line", "[variations]") {
  Tree t = abc();
  CHECK(!t.has_variations());
  // Playing the recorded move follows the game.
  CHECK(t.play(t.game_node(1), {2, "b"}) == t.game_node(2));
  const auto x = t.play(t.game_node(1), {7, "x"});  // instead of b
  const auto y = t.play(x, {8, "y"});
  const auto z = t.play(x, {9, "z"});  // a variation inside the variation
  const auto w = t.play(t.game_node(1), {6, "w"});  // a second variation at ply 1
  CHECK(t.has_variations());
  CHECK(t.node(y).ply == 3);
  CHECK(t.path_of(y) == "1:x,y");
  CHECK(t.path_of(z) == "1:x,z");
  CHECK(t.path_of(t.game_node(2)) == "2");
  CHECK(t.line_to(z) == std::vector<Tree::NodeId>{0, 1, x, z});
  CHECK(t.branch_point(z) == 1);
  CHECK(t.find("1:x,z") == z);
  CHECK(t.find("1:x,q") == std::nullopt);
  CHECK(t.find("3") == t.game_node(3));
  CHECK(t.find("4") == std::nullopt);
  CHECK(t.node(1).children == std::vector<Tree::NodeId>{2, x, w});
  CHECK(notations(t, t.leaves()) == std::vector<std::string>{"1:x,z", "1:x,y", "1:w"});

  // Promote: z becomes x's continuation, y its variation.
  CHECK(t.promote(z));
  CHECK(t.node(x).children == std::vector<Tree::NodeId>{z, y});
  // Promoting z again moves its whole line (from x) up: x is already the
  // first variation after b, which stays (the log is never rewritten).
  CHECK(!t.promote(z));
  CHECK(t.promote(w));
  CHECK(t.node(1).children == std::vector<Tree::NodeId>{2, w, x});
  CHECK(!t.promote(t.game_node(2)));

  // Delete x's line: z and y go with it; ids stay valid numbers but dead.
  CHECK(t.remove(x) == 1);
  CHECK(!t.valid(z));
  CHECK(t.node(1).children == std::vector<Tree::NodeId>{2, w});
  CHECK(t.remove(t.game_node(2)) == std::nullopt);
  CHECK(notations(t, t.leaves()) == std::vector<std::string>{"1:w"});
}

TEST_CASE("a line past the game's end and a variation at the start", "[variations]") {
  Tree t = abc();
  const auto d = t.play(t.game_node(3), {4, "d"});
  const auto e = t.play(t.game_node(3), {5, "e"});
  const auto s = t.play(t.game_node(0), {9, "s"});
  CHECK(t.path_of(d) == "3:d");
  CHECK(t.path_of(s) == "0:s");
  // At the end no recorded move is first: e may go first.
  CHECK(t.promote(e));
  CHECK(t.node(3).children == std::vector<Tree::NodeId>{e, d});
}

TEST_CASE("the sidecar keeps the tree exactly, node for node", "[variations]") {
  const auto dir = temp_dir("variations-sidecar");
  const std::string log_path = (dir / "g.ghlog").string();
  std::filesystem::copy_file(sample("connect_four-seed-1.ghlog"), log_path);
  const GameLog log = read_log(log_path);
  Tree t = read_variations(log_path, log);
  CHECK(!t.has_variations());
  const auto x = t.play(t.game_node(2), {0, "a"});
  const auto y = t.play(x, {6, "g"});
  t.play(x, {5, "f"});
  const auto deep = t.play(y, {3, "d"});
  t.play(t.game_node(0), {6, "g"});
  write_variations(log_path, log, t);
  const VariationsFile file = t.to_file(log);
  REQUIRE(file.nodes_size() == 5);
  // Parents first (depth first, the game's continuation before the
  // variations at each node); parent 0 means off the game at `ply`.
  auto row = [&](int i) {
    const auto& n = file.nodes(i);
    return std::to_string(n.parent()) + "/" + std::to_string(n.ply()) + "/" + n.notation();
  };
  CHECK(row(0) == "0/2/a");
  CHECK(row(1) == "1/0/g");
  CHECK(row(2) == "2/0/d");
  CHECK(row(3) == "1/0/f");
  CHECK(row(4) == "0/0/g");
  const Tree back = read_variations(log_path, log);
  CHECK(notations(back, back.leaves()) == notations(t, t.leaves()));
  CHECK(notations(back, back.leaves()) == std::vector<std::string>{"0:g", "2:a,f", "2:a,g,d"});
  REQUIRE(back.find("2:a,g,d"));
  CHECK(back.node(*back.find("2:a,g,d")).move.action_id == 3);
  (void)deep;
  // No variations left: the file goes.
  Tree none = Tree::of_log(log);
  write_variations(log_path, log, none);
  CHECK(!std::filesystem::exists(log_path + ".ghvars"));
}

TEST_CASE("a damaged sidecar is refused with its byte, another game's too", "[variations]") {
  const auto dir = temp_dir("variations-damaged");
  const std::string log_path = (dir / "g.ghlog").string();
  std::filesystem::copy_file(sample("connect_four-seed-1.ghlog"), log_path);
  const GameLog log = read_log(log_path);
  auto refused = [&](const std::string& bytes) {
    write_file(log_path + ".ghvars", bytes);
    try {
      read_variations(log_path, log);
    } catch (const HostError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string name = log_path + ".ghvars";
  CHECK(refused("not variations") == name + ": byte 0: not a gamehost variations file (wrong magic)");
  Tree t = Tree::of_log(log);
  const std::uint32_t other = (log.record.plies(1).action_id() + 1) % 7;
  t.play(t.game_node(1), {other, std::string(1, static_cast<char>('a' + other))});
  write_variations(log_path, log, t);
  const std::string good = read_file(name);
  REQUIRE(good.size() > 16);
  std::string flipped = good;
  flipped[flipped.size() - 6] ^= 0x40;
  CHECK(refused(flipped).starts_with(name + ": byte 12: checksum mismatch"));
  CHECK(refused(good.substr(0, good.size() - 3)).starts_with(name + ": byte 12: truncated record"));
  CHECK(refused(good + "x") == name + ": byte " + std::to_string(good.size()) + ": bytes after the variations record");
  // A node whose parent comes after it, a ply past the end, another game.
  VariationsFile file = t.to_file(log);
  auto framed = [](const VariationsFile& f) {
    std::string bytes(kVariationsMagic);
    put_u32(bytes, kVariationsFormatVersion);
    append_frame(bytes, f);
    return bytes;
  };
  VariationsFile bad = file;
  bad.mutable_nodes(0)->set_parent(1);
  CHECK(refused(framed(bad)) == name + ": node 1: its parent 1 does not come before it");
  bad = file;
  bad.mutable_nodes(0)->set_ply(400);
  CHECK(refused(framed(bad)) == name + ": node 1: ply 400 is past the game's end (ply " +
                                    std::to_string(log.record.plies_size()) + ")");
  bad = file;
  bad.mutable_header()->set_initial_state_hash(file.header().initial_state_hash() + 1);
  CHECK(refused(framed(bad)) == name + ": these variations belong to another game than " + log_path);
}

TEST_CASE("gamehost show --variation prints the position of a variation", "[variations][cli]") {
  const std::string log = sample("connect_four-seed-1.ghlog");
  const auto r = run_gamehost({"show", log, "--variation", "0:d,d,c"});
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.starts_with("Position after ply 0 of "));
  CHECK(r.out.find(", then d, d, c (a variation)\n") != std::string::npos);
  // Three discs: Red d1, c1, Yellow d2.
  const auto bad = run_gamehost({"show", log, "--variation", "0:d,h"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("--variation 0:d,h: move 2 (h)") != std::string::npos);
  const auto past = run_gamehost({"show", log, "--variation", "999:d"});
  CHECK(past.exit_code == 1);
  CHECK(past.err.find("--variation 999:d: no ply 999") != std::string::npos);
}

TEST_CASE("every one-byte change and every cut of a sidecar is read or refused, never a crash", "[variations]") {
  const auto dir = temp_dir("variations-mutated");
  const std::string log_path = (dir / "g.ghlog").string();
  std::filesystem::copy_file(sample("connect_four-seed-1.ghlog"), log_path,
                             std::filesystem::copy_options::overwrite_existing);
  const GameLog log = read_log(log_path);
  Tree t = Tree::of_log(log);
  const std::uint32_t other = (log.record.plies(0).action_id() + 1) % 7;
  const auto x = t.play(t.game_node(0), {other, std::string(1, static_cast<char>('a' + other))});
  t.play(t.play(x, {3, "d"}), {2, "c"});
  t.play(x, {4, "e"});
  write_variations(log_path, log, t);
  const std::string good = read_file(log_path + ".ghvars");
  int refused = 0, read = 0;
  auto attempt = [&](const std::string& bytes) {
    write_file(log_path + ".ghvars", bytes);
    try {
      const Tree back = read_variations(log_path, log);
      for (auto leaf : back.leaves()) CHECK(back.find(back.path_of(leaf)) == leaf);
      ++read;
    } catch (const HostError&) {
      ++refused;
    }
  };
  for (std::size_t i = 0; i < good.size(); ++i)
    for (unsigned char bit : {0x01, 0x80}) {
      std::string bytes = good;
      bytes[i] = static_cast<char>(bytes[i] ^ bit);
      attempt(bytes);
    }
  for (std::size_t n = 0; n < good.size(); ++n) attempt(good.substr(0, n));
  // The CRC catches every change inside the record, the prelude's checks
  // the rest: nothing damaged is read as variations.
  CHECK(read == 0);
  CHECK(refused == static_cast<int>(3 * good.size()));
}
