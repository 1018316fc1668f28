//! Allocations of the parsing paths, counted exactly by the global
//! allocator of this test binary, which counts those of each thread
//! (BENCHMARKS.md, targets "no allocation on a hit" and R2:
//! `ElicitEnum::parse(&str)` allocates nothing on a miss). Counts only,
//! never time: speed is measured by the benchmarks.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use enum_schema::{ElicitEnum, Error, ErrorKind};
use serde_json::{json, Value};

/// The system allocator, counting the allocations of each thread (tests run
/// on several threads at once).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `f` returns, and how many allocations (and reallocations) it made on
/// this thread; its result is dropped after counting.
fn allocations<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = std::hint::black_box(f());
    (result, ALLOCATIONS.with(Cell::get) - before)
}

#[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Small {
    #[elicit(title = "Red fox")]
    RedFox,
    #[elicit(title = "Golden ocelot")]
    GoldenOcelot,
    #[elicit(title = "Snowy owl", alias = "owl")]
    SnowyOwl,
    #[elicit(title = "Lynx")]
    Lynx,
}

macro_rules! big {
    ($($variant:ident)*) => {
        #[derive(ElicitEnum, Debug, PartialEq, Clone, Copy)]
        enum Big { $($variant,)* }
    };
}

big!(A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 C0 C1 C2 C3 C4 C5 C6 C7 C8 C9 D0 D1);

#[test]
fn parse_str_allocates_neither_on_a_hit_nor_on_a_miss() {
    for value in ["red-fox", "golden-ocelot", "snowy-owl", "owl", "lynx"] {
        let (parsed, count) = allocations(|| Small::parse(value));
        assert!(parsed.is_ok(), "{value}");
        assert_eq!(count, 0, "hit {value:?}");
    }
    // A same-length near-miss, a title, another case, the empty string.
    for value in ["red-fix", "Red fox", "LYNX", ""] {
        let (parsed, count) = allocations(|| Small::parse(value));
        assert_eq!(parsed.map_err(|miss| miss.value()), Err(value));
        assert_eq!(count, 0, "miss {value:?}");
    }
    for value in ["A0", "C5", "D1"] {
        assert_eq!(allocations(|| Big::parse(value).is_ok()), (true, 0));
    }
    for value in ["A", "D2", "a0"] {
        assert_eq!(allocations(|| Big::parse(value).is_err()), (true, 0));
    }
}

#[test]
fn the_miss_becomes_an_error_only_when_kept() {
    let miss = Small::parse("Red fox").unwrap_err();
    // Formatting it writes into the caller's buffer, nothing else.
    let mut message = String::with_capacity(256);
    let (_, count) = allocations(|| {
        use std::fmt::Write;
        write!(message, "{miss}")
    });
    assert_eq!(count, 0);
    assert_eq!(
        message,
        r#"invalid value "Red fox": the client sent the title of option "red-fox" instead of its value; expected one of "red-fox", "golden-ocelot", "snowy-owl", "lynx""#
    );
    // Kept as an `Error`: the box and the copy of the string.
    let (error, count) = allocations(|| Error::from(miss));
    assert_eq!(count, 2);
    assert_eq!(
        error,
        ErrorKind::InvalidValue {
            value: "Red fox".into(),
            allowed: Small::OPTIONS.into(),
        }
    );
    assert_eq!(error.to_string(), message);
}

#[test]
fn from_value_and_parse_json_allocate_nothing_on_a_hit() {
    assert_eq!(
        allocations(|| Small::from_wire_value("lynx")),
        (Some(Small::Lynx), 0)
    );
    assert_eq!(allocations(|| Small::from_wire_value("lynxes")), (None, 0));
    let answer = json!("golden-ocelot");
    assert_eq!(
        allocations(|| Small::parse_value(answer)),
        (Ok(Small::GoldenOcelot), 0)
    );
    // The value is moved into the error, which is one box: one allocation.
    let answer = json!("golden-ocelots");
    let (parsed, count) = allocations(|| Small::parse_value(answer).is_err());
    assert_eq!((parsed, count), (true, 1));
    let answer = Value::Array(vec![json!("lynx"), json!("owl")]);
    assert_eq!(
        allocations(|| Small::MULTI_SELECT.parse_value(answer)),
        (Ok(vec![Small::Lynx, Small::SnowyOwl]), 1),
        "one allocation: the Vec"
    );
}

/// The answer's elements wait on the stack until all have passed: an
/// accepted answer allocates the returned `Vec`, a refused one its `Error`
/// (which keeps the client's array), never both; on a derived enum of 4
/// and of 32 variants, for every refusal of an element.
#[test]
fn a_multi_select_allocates_its_vec_or_its_error() {
    fn answer(values: &[&str]) -> Value {
        Value::Array(values.iter().map(|value| json!(value)).collect())
    }
    // A value twice, a value and its alias, a near-miss, a number.
    let refusals = [
        (answer(&["lynx", "owl", "lynx"]), "DuplicateItem", 2),
        (answer(&["lynx", "snowy-owl", "owl"]), "DuplicateItem", 2),
        (answer(&["lynx", "fox"]), "InvalidItem", 1),
        (
            Value::Array(vec![json!("lynx"), json!(3)]),
            "InvalidItem",
            1,
        ),
    ];
    for (refused, kind, at) in refusals {
        let (parsed, count) = allocations(|| Small::MULTI_SELECT.parse_value(refused));
        let refusal = match parsed.map_err(Error::into_kind) {
            Err(ErrorKind::DuplicateItem { index, .. }) => ("DuplicateItem", index),
            Err(ErrorKind::InvalidItem { index, .. }) => ("InvalidItem", index),
            other => panic!("{other:?}"),
        };
        assert_eq!((refusal, count), ((kind, at), 1));
    }
    let accepted = answer(&["D1", "A0", "C4"]);
    let (parsed, count) = allocations(|| Big::MULTI_SELECT.parse_value(accepted));
    assert_eq!((parsed, count), (Ok(vec![Big::D1, Big::A0, Big::C4]), 1));
    let refused = answer(&["D1", "A0", "D1"]);
    let (parsed, count) = allocations(|| {
        Big::MULTI_SELECT
            .parse_value(refused)
            .map_err(|error| error.into_kind())
    });
    assert!(matches!(
        parsed,
        Err(ErrorKind::DuplicateItem { index: 2, .. })
    ));
    assert_eq!(count, 1);
}

/// A multi-select of up to 512 options keeps its duplicate check on the
/// stack. A run-time select of more than 16 options also builds its
/// value-to-option index once per answer (so that checking stays linear in
/// the answer's length): one allocation, the `Vec`, for 12 options; two for
/// 64 and 512; three above 512 (the duplicate check on the heap).
#[test]
fn a_multi_select_keeps_its_duplicate_check_on_the_stack_up_to_512_options() {
    for (options, expected) in [(12, 1), (64, 2), (512, 2), (513, 3)] {
        let values: Vec<String> = (0..options).map(|i| format!("option-{i}")).collect();
        let select = enum_schema::schema::MultiSelectSchema::new(values).unwrap();
        let answer = Value::Array(
            [0, 3, options - 1]
                .iter()
                .map(|i| Value::String(format!("option-{i}")))
                .collect(),
        );
        let (parsed, count) = allocations(|| select.parse_value(answer).map(|chosen| chosen.len()));
        assert_eq!((parsed, count), (Ok(3), expected), "{options} options");
    }
}

#[test]
fn an_error_is_at_most_two_words() {
    use std::mem::size_of;
    assert!(size_of::<Error>() <= 16);
    assert!(size_of::<Result<(), Error>>() <= 16);
    assert!(size_of::<Result<Small, Error>>() <= 16);
}

#[derive(enum_schema::ElicitForm, Debug, PartialEq)]
struct Deploy {
    animal: Small,
    #[elicit(min_length = 1, max_length = 20, format = "email")]
    owner: String,
    #[elicit(default = "web", fill_default)]
    name: String,
    #[elicit(minimum = 1, maximum = 9)]
    replicas: u8,
}

#[test]
fn a_derived_form_builds_its_fields_once() {
    use enum_schema::ElicitForm;
    let content = || {
        let Value::Object(content) = json!({
            "animal": "lynx",
            "owner": "a@example.com",
            "name": "db",
            "replicas": 3,
        }) else {
            unreachable!()
        };
        content
    };
    let expected = Deploy {
        animal: Small::Lynx,
        owner: "a@example.com".into(),
        name: "db".into(),
        replicas: 3,
    };
    // The first answer builds the fields (and keeps them).
    assert_eq!(Deploy::from_content(content()), Ok(expected));
    // Every later one reuses them: nothing is built, nothing allocated (the
    // strings are moved out of the content). Built again, `name`'s
    // `FillDefault` would allocate its default's JSON to check it exists,
    // and a required field's error would be boxed before it is needed.
    for _ in 0..3 {
        let content = content();
        let (parsed, count) = allocations(|| Deploy::from_content(content));
        assert_eq!(count, 0);
        assert_eq!(parsed.map(|deploy| deploy.replicas), Ok(3));
    }
}
