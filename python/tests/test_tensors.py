"""Observation tensors: exact arrays in hand-built positions for each game
(docs/python.md documents every plane), and the hidden-information
property: a seat's tensor never changes when only the other hand does."""

import random

import numpy as np
import pytest

import gamehost
from conftest import LAYOUT

# --------------------------------------------------------------- Connect Four


def test_connect_four_tensor_is_openspiels_layout():
    game = gamehost.load_game("connect_four")
    assert game.observation_tensor_shape() == [3, 6, 7]
    assert game.observation_tensor_size() == 126
    state = game.new_initial_state()
    for column in [3, 3, 4]:  # Red d1, Yellow d2, Red e1
        state.apply_action(column)
    expected = np.zeros((3, 6, 7), dtype=np.float32)
    expected[2] = 1
    for plane, row, col in [(0, 0, 3), (0, 0, 4), (1, 1, 3)]:
        expected[plane, row, col] = 1
        expected[2, row, col] = 0
    for seat in (0, 1):  # OpenSpiel's default: not egocentric
        tensor = state.observation_tensor(seat)
        assert tensor.dtype == np.float32 and tensor.shape == (3, 6, 7)
        np.testing.assert_array_equal(tensor, expected)
    np.testing.assert_array_equal(state.observation_tensor(), expected)  # the seat to move


def test_tensor_of_a_finished_game_needs_a_seat():
    state = gamehost.load_game("connect_four").new_initial_state()
    for column in [0, 1, 0, 1, 0, 1, 0]:
        state.apply_action(column)
    assert state.is_terminal()
    with pytest.raises(ValueError, match="name the seat"):
        state.observation_tensor()
    assert state.observation_tensor(1)[0, 3, 0] == 1
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        state.observation_tensor(2)

# ----------------------------------------------------------------- Alien City

COLOURS = "rbgk"
CORNERS = ["sw", "se", "nw", "ne"]


def layout_planes(text):
    """The tile colour planes (4) and the icon plane, from the layout text as
    docs/notation.md defines it: five rows of four tiles, top row first."""
    planes = np.zeros((5, 10, 8), dtype=np.float32)
    rows = [r.split() for r in text.split("/")]
    for text_row, tiles in enumerate(rows):
        tile_row = 4 - text_row
        for tile_col, tile in enumerate(tiles):
            colour, corner = tile.split("-")
            for dr in (0, 1):
                for dc in (0, 1):
                    planes[COLOURS.index(colour), tile_row * 2 + dr, tile_col * 2 + dc] = 1
            c = CORNERS.index(corner)
            planes[4, tile_row * 2 + (c >> 1), tile_col * 2 + (c & 1)] = 1
    return planes


def alien_city_expected(layout, structures, claims, to_move, phase, supplies):
    t = np.zeros((35, 10, 8), dtype=np.float32)
    t[9] = 1
    for (kind, col, row) in structures:
        t[kind, row, col] = 1
        t[9, row, col] = 0
    for (seat, col, row) in claims:
        t[7 + seat, row, col] = 1
    t[10:15] = layout_planes(layout)
    if to_move is not None:
        t[15 + to_move] = 1
        t[17 if phase == "build" else 18] = 1
    for seat in (0, 1):
        for k, n in enumerate(supplies[seat]):
            t[19 + 8 * seat + k] = n
    return t


BLACK_START = [2, 3, 2, 3, 3, 3, 3, 3]  # RT BT GT RD BD GD KD caps (R4)
WHITE_START = [3, 2, 2, 3, 3, 3, 3, 3]


def test_alien_city_tensor_planes_in_a_hand_built_position():
    game = gamehost.load_game("alien_city", layout=LAYOUT)
    assert game.observation_tensor_shape() == [35, 10, 8]
    state = game.new_initial_state()
    np.testing.assert_array_equal(
        state.observation_tensor(0),
        alien_city_expected(LAYOUT, [], [], 0, "build", [BLACK_START, WHITE_START]))
    state.apply_move("RT@C3")  # Black's red tower on C3 (column 2, row 2)
    black = list(BLACK_START)
    black[0] -= 1
    np.testing.assert_array_equal(
        state.observation_tensor(0),
        alien_city_expected(LAYOUT, [(0, 2, 2)], [], 0, "claim", [black, WHITE_START]))
    state.apply_move("claim@C3")
    black[7] -= 1
    expected = alien_city_expected(LAYOUT, [(0, 2, 2)], [(0, 2, 2)], 1, "build", [black, WHITE_START])
    np.testing.assert_array_equal(state.observation_tensor(0), expected)
    np.testing.assert_array_equal(state.observation_tensor(1), expected)  # nothing is hidden

# -------------------------------------------------------------- City Planning

BOARD = 14 * 361
HAND, FACE_UP, WAITING, COUNTS, SCORES, TO_MOVE, PHASE, COUNTERS = (
    BOARD, BOARD + 24, BOARD + 48, BOARD + 51, BOARD + 54, BOARD + 56, BOARD + 58, BOARD + 64)


def point(col, row):
    return row * 19 + col


def test_city_planning_tensor_of_the_starting_cross():
    game = gamehost.load_game("city_planning")
    assert game.observation_tensor_shape() == [5122]
    state = game.new_initial_state()
    expected = np.zeros(5122, dtype=np.float32)
    expected[2 * 361:3 * 361] = 1  # empty points
    for col, row in [(9, 8), (9, 9), (9, 10)]:  # Population on K9 K10 K11 (C3)
        expected[point(col, row)] = 1
        expected[2 * 361 + point(col, row)] = 0
    for col, row in [(8, 9), (10, 9)]:  # Resources on J10 and L10
        expected[361 + point(col, row)] = 1
        expected[2 * 361 + point(col, row)] = 0
    expected[COUNTS:COUNTS + 3] = [0, 24, 24]  # the other hand, the bag, the stack
    expected[PHASE + 0] = 1  # setup
    np.testing.assert_array_equal(state.observation_tensor(0), expected)


def deal(state, picks):
    for pick in picks:
        legal = state.legal_actions()
        state.apply_action(legal[pick % len(legal)])


def test_city_planning_tensor_shows_only_the_own_hand():
    state = gamehost.load_game("city_planning").new_initial_state()
    deal(state, [0, 0, 0, 0, 0, 0])  # three tiles face up, three coins to A
    first, other = state.clone(), state.clone()
    deal(first, [0, 0, 0, 0])  # B gets the lowest coins left, A starts
    deal(other, [-1, -1, -1, 0])  # B gets the highest ones
    np.testing.assert_array_equal(first.observation_tensor(0), other.observation_tensor(0))
    assert first.information_state_string(0) == other.information_state_string(0)
    assert not np.array_equal(first.observation_tensor(1), other.observation_tensor(1))
    hand = first.observation_tensor(0)[HAND:HAND + 24]
    assert hand.sum() == 3
    assert first.observation_tensor(0)[COUNTS] == 3  # B's hand, as a count


def test_property_a_seats_tensor_never_changes_when_only_the_other_hand_does():
    game = gamehost.load_game("city_planning")
    rng = random.Random(33)
    checked = changed = 0
    for g in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() >= 0 and rng.random() < 0.3:
                for seat in (0, 1):
                    other = state.sample_hidden(seat, rng.randrange(1 << 30))
                    np.testing.assert_array_equal(state.observation_tensor(seat), other.observation_tensor(seat))
                    assert state.information_state_string(seat) == other.information_state_string(seat)
                    checked += 1
                    changed += not np.array_equal(state.observation_tensor(1 - seat),
                                                  other.observation_tensor(1 - seat))
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50
    assert changed > checked // 4  # the samples did change the other hand


def test_batch_observation_stacks_each_states_tensor():
    game = gamehost.load_game("alien_city", seed=2)
    states = [game.new_initial_state()]
    rng = random.Random(2)
    for _ in range(5):
        nxt = states[-1].clone()
        nxt.apply_action(rng.choice(nxt.legal_actions()))
        states.append(nxt)
    batch = game.batch_observation(states, seat=1)
    assert batch.shape == (6, 35, 10, 8) and batch.dtype == np.float32
    for k, state in enumerate(states):
        np.testing.assert_array_equal(batch[k], state.observation_tensor(1))
    other = gamehost.load_game("alien_city", seed=2)
    with pytest.raises(ValueError, match="another game"):
        other.batch_observation(states)
