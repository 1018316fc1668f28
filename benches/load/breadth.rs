//! Extra code for a twin's round, to test what the gap over HTTP is made
//! of (issue 47): `BREADTH=wide:N` runs N distinct small functions once
//! each (N or more 64-byte lines of code, about ten instructions each,
//! in every round, as an engine's code runs), `BREADTH=narrow:N` runs one
//! of them N times (the same instructions in one line). Loaded at once
//! against each other (`benches/attribution.sh together` with `A=hand`,
//! `BREADTH_A` and `BREADTH_B`), the difference in CPU per call is what
//! that much more distinct code costs, instructions equal (count the lines
//! with `benches/attribution.sh footprint`). N is rounded down to a
//! multiple of 100, at most 2,000.

use std::hint::black_box;
use std::sync::OnceLock;

/// What `BREADTH` asks for: wide (distinct functions) or not, and how many
/// hundreds.
#[derive(Clone, Copy)]
struct Breadth {
    wide: bool,
    hundreds: u64,
}

/// `BREADTH`, read once: `None` when unset or `0`.
fn breadth() -> Option<Breadth> {
    static BREADTH: OnceLock<Option<Breadth>> = OnceLock::new();
    *BREADTH.get_or_init(|| {
        let text = std::env::var("BREADTH").ok()?;
        let (kind, count) = text.split_once(':')?;
        let count: u64 = count.parse().ok()?;
        let hundreds = (count / 100).min(20);
        (hundreds > 0).then_some(Breadth {
            wide: kind == "wide",
            hundreds,
        })
    })
}

/// About a 64-byte line of code (57 bytes at `opt-level = 3`, 16-byte
/// aligned: one line or two, as the linker places it; the footprint counts
/// what a build runs), about ten instructions, with 64-bit constants of
/// its own: no two are the same code.
#[inline(never)]
fn line<const I: u64>(x: u64) -> u64 {
    let x = x ^ I.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let x = x.rotate_left((I % 61 + 1) as u32);
    let x = x.wrapping_add(I.wrapping_mul(0xd6e8_feb8_6659_fd93) | 1);
    let x = x ^ I.wrapping_mul(0xa076_1d64_78bd_642f);
    x.wrapping_sub(I.wrapping_mul(0xe703_7ed1_a0b4_28db) | 1)
}

macro_rules! hundred {
    ($name:ident, $h:literal) => {
        /// A hundred distinct lines, once each.
        #[inline(never)]
        fn $name(x: u64) -> u64 {
            hundred!(@tens x, $h; 0 1 2 3 4 5 6 7 8 9);
            x
        }
    };
    (@tens $x:ident, $h:literal; $($t:literal)*) => {
        $( hundred!(@ones $x, $h, $t; 0 1 2 3 4 5 6 7 8 9); )*
    };
    (@ones $x:ident, $h:literal, $t:literal; $($o:literal)*) => {
        $( let $x = black_box(line::<{ $h * 100 + $t * 10 + $o }>($x)); )*
    };
}

hundred!(h0, 0);
hundred!(h1, 1);
hundred!(h2, 2);
hundred!(h3, 3);
hundred!(h4, 4);
hundred!(h5, 5);
hundred!(h6, 6);
hundred!(h7, 7);
hundred!(h8, 8);
hundred!(h9, 9);
hundred!(h10, 10);
hundred!(h11, 11);
hundred!(h12, 12);
hundred!(h13, 13);
hundred!(h14, 14);
hundred!(h15, 15);
hundred!(h16, 16);
hundred!(h17, 17);
hundred!(h18, 18);
hundred!(h19, 19);

/// The same hundred calls, all to one line (not `line::<0>`, whose
/// constants fold away).
#[inline(never)]
fn narrow(x: u64) -> u64 {
    let mut x = x;
    for _ in 0..100 {
        x = black_box(line::<7>(x));
    }
    x
}

/// Runs what `BREADTH` asks for, once: a twin's round calls it.
pub fn run() {
    let Some(breadth) = breadth() else { return };
    const HUNDREDS: [fn(u64) -> u64; 20] = [
        h0, h1, h2, h3, h4, h5, h6, h7, h8, h9, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19,
    ];
    let mut x = black_box(1);
    for hundred in &HUNDREDS[..breadth.hundreds as usize] {
        x = if breadth.wide { hundred(x) } else { narrow(x) };
    }
    black_box(x);
}
