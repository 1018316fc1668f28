//! Exact numbers: every integer and float field type takes an answer within
//! its range and refuses one outside it as `OutOfRange`, whether the JSON
//! wrote it as an integer or as a float, and never turns it into a nearby
//! number (case C28 of `shared/cases`): a value is read exactly or refused
//! (issue 45).
//!
//! serde_json reads an integer literal within 64 bits exactly and anything
//! else (a fraction, an exponent, an integer beyond 64 bits) as the nearest
//! double; at or beyond 2^53 that double stands for every number that
//! rounds to it. It is out of range when any of them is, so at the ends of
//! the 64-bit types the float spelling of the edge itself
//! (`-9223372036854775808.0`, which arrives as the same double as
//! `-9223372036854775809`) is refused too; and within the range an integer
//! field refuses it as `Inexact` (which integer was meant cannot be known),
//! where a float field takes it as the double it is. Below 2^53 the float
//! spelling is as exact as the integer one. In an answer's JSON text
//! (`parse_result_str`), the numbers are read as written: one beyond a
//! double (`1e400`), one that is not zero read as zero (`1e-400`), and for
//! an integer field a fraction read as a whole double, are refused for
//! their field as `Inexact`. A reason quotes a whole double beyond 2^53 as
//! the integer it is (`18446744073709551616`, not `1.8446744073709552e+19`).

use enum_schema::{
    schema::PrimitiveSchema, ElicitAction, ElicitForm, Error, ErrorKind, NumberField, NumberType,
};
use serde_json::{json, Number, Value};

/// Parses `text` as a client's JSON number.
fn number(text: &str) -> Number {
    match serde_json::from_str(text) {
        Ok(Value::Number(number)) => number,
        other => panic!("{text} is not a JSON number: {other:?}"),
    }
}

/// One edge: `text` through a `NumberField<N>` with no bounds of its own,
/// and through the peer reader's check of the schema that field sends,
/// before the advertised clamp (the type's exact range).
#[track_caller]
fn edge<N>(text: &str, expected: Result<N, &str>)
where
    N: NumberType + PartialEq + Into<Number>,
{
    let value = Value::Number(number(text));
    let field = NumberField::<N>::new();
    let parsed = field.parse_value(value.clone());
    let exact = enum_schema::schema::NumberSchema::integer()
        .with_bounds(Some(N::MIN.into()), Some(N::MAX.into()))
        .unwrap();
    let checked = PrimitiveSchema::Number(exact).check(value);
    match expected {
        Ok(expected) => {
            assert_eq!(parsed, Ok(expected), "{text}");
            assert!(
                checked.is_ok(),
                "{text}: the peer reader refused it: {checked:?}"
            );
        }
        Err(message) => {
            let error = Error::from(ErrorKind::OutOfRange {
                value: number(text),
                minimum: Some(N::MIN.into()),
                maximum: Some(N::MAX.into()),
            });
            assert_eq!(parsed, Err(error.clone()), "{text}");
            assert_eq!(error.to_string(), message, "{text}");
            assert_eq!(checked, Err(error), "{text}: the peer reader");
        }
    }
}

/// `text` through a `NumberField<N>`: refused as `Inexact` (a whole
/// double beyond 2^53 within the range), written out as `written`; the
/// peer reader, which passes a JSON number on as it came, takes it.
#[track_caller]
fn inexact<N>(text: &str, written: &str)
where
    N: NumberType + PartialEq + Into<Number>,
{
    let value = Value::Number(number(text));
    let error = Error::from(ErrorKind::Inexact {
        text: written.to_owned(),
    });
    assert_eq!(
        NumberField::<N>::new().parse_value(value.clone()),
        Err(error.clone()),
        "{text}"
    );
    assert_eq!(
        error.to_string(),
        format!("not exact: {written} arrived as a double beyond 2^53, which stands for several integers; an integer that large is exact as an integer literal"),
    );
    let exact = enum_schema::schema::NumberSchema::integer()
        .with_bounds(Some(N::MIN.into()), Some(N::MAX.into()))
        .unwrap();
    assert_eq!(
        PrimitiveSchema::Number(exact).check(value.clone()),
        Ok(value),
        "{text}: the peer reader"
    );
}

#[test]
fn every_integer_type_at_its_edges_as_integer_and_as_float() {
    // i8
    edge::<i8>("-128", Ok(-128i8));
    edge::<i8>("-128.0", Ok(-128i8));
    edge::<i8>("127", Ok(127i8));
    edge::<i8>("127.0", Ok(127i8));
    edge::<i8>(
        "-129",
        Err("out of range: -129 is not between -128 and 127"),
    );
    edge::<i8>(
        "-129.0",
        Err("out of range: -129.0 is not between -128 and 127"),
    );
    edge::<i8>("128", Err("out of range: 128 is not between -128 and 127"));
    edge::<i8>(
        "128.0",
        Err("out of range: 128.0 is not between -128 and 127"),
    );
    // i16
    edge::<i16>("-32768", Ok(-32768i16));
    edge::<i16>("-32768.0", Ok(-32768i16));
    edge::<i16>("32767", Ok(32767i16));
    edge::<i16>("32767.0", Ok(32767i16));
    edge::<i16>(
        "-32769",
        Err("out of range: -32769 is not between -32768 and 32767"),
    );
    edge::<i16>(
        "-32769.0",
        Err("out of range: -32769.0 is not between -32768 and 32767"),
    );
    edge::<i16>(
        "32768",
        Err("out of range: 32768 is not between -32768 and 32767"),
    );
    edge::<i16>(
        "32768.0",
        Err("out of range: 32768.0 is not between -32768 and 32767"),
    );
    // i32
    edge::<i32>("-2147483648", Ok(-2147483648i32));
    edge::<i32>("-2147483648.0", Ok(-2147483648i32));
    edge::<i32>("2147483647", Ok(2147483647i32));
    edge::<i32>("2147483647.0", Ok(2147483647i32));
    edge::<i32>(
        "-2147483649",
        Err("out of range: -2147483649 is not between -2147483648 and 2147483647"),
    );
    edge::<i32>(
        "-2147483649.0",
        Err("out of range: -2147483649.0 is not between -2147483648 and 2147483647"),
    );
    edge::<i32>(
        "2147483648",
        Err("out of range: 2147483648 is not between -2147483648 and 2147483647"),
    );
    edge::<i32>(
        "2147483648.0",
        Err("out of range: 2147483648.0 is not between -2147483648 and 2147483647"),
    );
    // i64
    edge::<i64>("-9223372036854775808", Ok(-9223372036854775808i64));
    edge::<i64>("-9223372036854775808.0", Err("out of range: the double -9223372036854775808 stands for numbers that are not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)"));
    edge::<i64>("9223372036854775807", Ok(9223372036854775807i64));
    edge::<i64>("9223372036854775807.0", Err("out of range: 9223372036854775808 is not between -9223372036854775808 and 9223372036854775807"));
    edge::<i64>("-9223372036854775809", Err("out of range: the double -9223372036854775808 stands for numbers that are not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)"));
    edge::<i64>("-9223372036854775809.0", Err("out of range: the double -9223372036854775808 stands for numbers that are not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)"));
    edge::<i64>("9223372036854775808", Err("out of range: 9223372036854775808 is not between -9223372036854775808 and 9223372036854775807"));
    edge::<i64>("9223372036854775808.0", Err("out of range: 9223372036854775808 is not between -9223372036854775808 and 9223372036854775807"));
    // isize
    edge::<isize>("-9223372036854775808", Ok(-9223372036854775808isize));
    edge::<isize>("-9223372036854775808.0", Err("out of range: the double -9223372036854775808 stands for numbers that are not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)"));
    edge::<isize>("9223372036854775807", Ok(9223372036854775807isize));
    edge::<isize>("9223372036854775807.0", Err("out of range: 9223372036854775808 is not between -9223372036854775808 and 9223372036854775807"));
    edge::<isize>("-9223372036854775809", Err("out of range: the double -9223372036854775808 stands for numbers that are not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)"));
    edge::<isize>("-9223372036854775809.0", Err("out of range: the double -9223372036854775808 stands for numbers that are not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number that is not an integer within 64 bits arrives as the nearest double)"));
    edge::<isize>("9223372036854775808", Err("out of range: 9223372036854775808 is not between -9223372036854775808 and 9223372036854775807"));
    edge::<isize>("9223372036854775808.0", Err("out of range: 9223372036854775808 is not between -9223372036854775808 and 9223372036854775807"));
    // u8
    edge::<u8>("0", Ok(0u8));
    edge::<u8>("0.0", Ok(0u8));
    edge::<u8>("255", Ok(255u8));
    edge::<u8>("255.0", Ok(255u8));
    edge::<u8>("-1", Err("out of range: -1 is not between 0 and 255"));
    edge::<u8>("-1.0", Err("out of range: -1.0 is not between 0 and 255"));
    edge::<u8>("256", Err("out of range: 256 is not between 0 and 255"));
    edge::<u8>("256.0", Err("out of range: 256.0 is not between 0 and 255"));
    // u16
    edge::<u16>("0", Ok(0u16));
    edge::<u16>("0.0", Ok(0u16));
    edge::<u16>("65535", Ok(65535u16));
    edge::<u16>("65535.0", Ok(65535u16));
    edge::<u16>("-1", Err("out of range: -1 is not between 0 and 65535"));
    edge::<u16>("-1.0", Err("out of range: -1.0 is not between 0 and 65535"));
    edge::<u16>(
        "65536",
        Err("out of range: 65536 is not between 0 and 65535"),
    );
    edge::<u16>(
        "65536.0",
        Err("out of range: 65536.0 is not between 0 and 65535"),
    );
    // u32
    edge::<u32>("0", Ok(0u32));
    edge::<u32>("0.0", Ok(0u32));
    edge::<u32>("4294967295", Ok(4294967295u32));
    edge::<u32>("4294967295.0", Ok(4294967295u32));
    edge::<u32>(
        "-1",
        Err("out of range: -1 is not between 0 and 4294967295"),
    );
    edge::<u32>(
        "-1.0",
        Err("out of range: -1.0 is not between 0 and 4294967295"),
    );
    edge::<u32>(
        "4294967296",
        Err("out of range: 4294967296 is not between 0 and 4294967295"),
    );
    edge::<u32>(
        "4294967296.0",
        Err("out of range: 4294967296.0 is not between 0 and 4294967295"),
    );
    // u64
    edge::<u64>("0", Ok(0u64));
    edge::<u64>("0.0", Ok(0u64));
    edge::<u64>("18446744073709551615", Ok(18446744073709551615u64));
    edge::<u64>(
        "18446744073709551615.0",
        Err("out of range: 18446744073709551616 is not between 0 and 18446744073709551615"),
    );
    edge::<u64>(
        "-1",
        Err("out of range: -1 is not between 0 and 18446744073709551615"),
    );
    edge::<u64>(
        "-1.0",
        Err("out of range: -1.0 is not between 0 and 18446744073709551615"),
    );
    edge::<u64>(
        "18446744073709551616",
        Err("out of range: 18446744073709551616 is not between 0 and 18446744073709551615"),
    );
    edge::<u64>(
        "18446744073709551616.0",
        Err("out of range: 18446744073709551616 is not between 0 and 18446744073709551615"),
    );
    // usize
    edge::<usize>("0", Ok(0usize));
    edge::<usize>("0.0", Ok(0usize));
    edge::<usize>("18446744073709551615", Ok(18446744073709551615usize));
    edge::<usize>(
        "18446744073709551615.0",
        Err("out of range: 18446744073709551616 is not between 0 and 18446744073709551615"),
    );
    edge::<usize>(
        "-1",
        Err("out of range: -1 is not between 0 and 18446744073709551615"),
    );
    edge::<usize>(
        "-1.0",
        Err("out of range: -1.0 is not between 0 and 18446744073709551615"),
    );
    edge::<usize>(
        "18446744073709551616",
        Err("out of range: 18446744073709551616 is not between 0 and 18446744073709551615"),
    );
    edge::<usize>(
        "18446744073709551616.0",
        Err("out of range: 18446744073709551616 is not between 0 and 18446744073709551615"),
    );
}

/// Issue 45: `9007199254740993.0` into an `i64` field was taken as
/// 9007199254740992 without a word. A whole double at or beyond 2^53
/// stands for several integers: within the range, refused as `Inexact`.
#[test]
fn doubles_beyond_2_pow_53_inside_the_range_are_refused_not_rounded() {
    // The neighbours of the edges, toward the inside.
    inexact::<i64>("-9223372036854774784.0", "-9223372036854774784");
    inexact::<i64>("9223372036854774784.0", "9223372036854774784");
    inexact::<u64>("18446744073709549568.0", "18446744073709549568");
    inexact::<i64>("1e18", "1000000000000000000");
    inexact::<u64>("1.8e19", "18000000000000000000");
    // 2^53 itself stands for 2^53 + 1 too (ties to even).
    inexact::<i64>("9007199254740992.0", "9007199254740992");
    inexact::<i64>("9.007199254740992e15", "9007199254740992");
    // 2^53 + 1 arrives as 2^53: which was meant is unknown.
    inexact::<i64>("9007199254740993.0", "9007199254740992");
    // Below 2^53 every integer is a double of its own: exact. Read as the
    // nearest double, correctly rounded (serde_json's `float_roundtrip`;
    // its default parser read this one as ...990).
    edge::<i64>("9007199254740991.0", Ok(9_007_199_254_740_991));
    edge::<i64>("-9007199254740991.0", Ok(-9_007_199_254_740_991));
    // The integer literal is exact, and taken.
    edge::<i64>("9007199254740993", Ok(9_007_199_254_740_993));
    edge::<i64>("9007199254740992", Ok(9_007_199_254_740_992));
    // A float field takes the double.
    assert_eq!(
        NumberField::<f64>::new().parse_value(Value::Number(number("9007199254740993.0"))),
        Ok(9_007_199_254_740_992.0)
    );
}

/// One answer to an `i128` or `u128` field: beyond 64 bits a JSON number
/// is a double, and so are the bounds the error names.
#[track_caller]
fn wide<N: NumberType + PartialEq>(text: &str, expected: Result<N, &str>) {
    let parsed = NumberField::<N>::new().parse_value(Value::Number(number(text)));
    match expected {
        Ok(expected) => assert_eq!(parsed, Ok(expected), "{text}"),
        Err(message) => {
            let error = Error::from(ErrorKind::OutOfRange {
                value: number(text),
                minimum: N::MIN.to_number(),
                maximum: N::MAX.to_number(),
            });
            assert_eq!(parsed, Err(error.clone()), "{text}");
            assert_eq!(error.to_string(), message, "{text}");
        }
    }
}

/// An answer to an `i128` or `u128` field that a double holds beyond 64
/// bits: refused as `Inexact`, written out as `written`.
#[track_caller]
fn wide_inexact<N: NumberType + PartialEq>(text: &str, written: &str) {
    assert_eq!(
        NumberField::<N>::new().parse_value(Value::Number(number(text))),
        Err(Error::from(ErrorKind::Inexact {
            text: written.to_owned()
        })),
        "{text}"
    );
}

#[test]
fn i128_and_u128_take_the_integers_within_64_bits() {
    const STANDS_FOR: &str = " (beyond 2^53, a number that is not an integer within 64 bits \
        arrives as the nearest double)";
    let i128_range = "between -1.7014118346046923e+38 and 1.7014118346046923e+38";
    assert_eq!(
        i128::MIN.to_number(),
        Number::from_f64(-170141183460469231731687303715884105728.0)
    );
    assert_eq!(
        i128::MAX.to_number(),
        Number::from_f64(170141183460469231731687303715884105728.0)
    );
    assert_eq!(
        u128::MAX.to_number(),
        Number::from_f64(340282366920938463463374607431768211456.0)
    );
    assert_eq!(i128::from(i64::MIN).to_number(), Some(i64::MIN.into()));
    assert_eq!(u128::from(u64::MAX).to_number(), Some(u64::MAX.into()));
    // The edges arrive as ±2^127, which also stand for numbers beyond them.
    for text in [
        "-170141183460469231731687303715884105728",
        "-170141183460469231731687303715884105728.0",
        "-170141183460469231731687303715884105729",
    ] {
        let message = format!(
            "out of range: the double -170141183460469231731687303715884105728 stands for \
             numbers that are not all {i128_range}{STANDS_FOR}"
        );
        wide::<i128>(text, Err(&message));
    }
    for text in [
        "170141183460469231731687303715884105727",
        "170141183460469231731687303715884105727.0",
        "170141183460469231731687303715884105728",
    ] {
        let message = format!(
            "out of range: the double 170141183460469231731687303715884105728 stands for \
             numbers that are not all {i128_range}{STANDS_FOR}"
        );
        wide::<i128>(text, Err(&message));
    }
    // Inside, beyond 64 bits or as a double beyond 2^53: which integer was
    // meant cannot be known.
    wide_inexact::<i128>(
        "170141183460469212842221372237303250944",
        "170141183460469212842221372237303250944",
    );
    wide_inexact::<i128>(
        "-170141183460469212842221372237303250944",
        "-170141183460469212842221372237303250944",
    );
    wide_inexact::<i128>("1e20", "100000000000000000000");
    wide_inexact::<i128>("-9223372036854775809", "-9223372036854775808");
    // Within 64 bits, exact.
    wide::<i128>("-9223372036854775808", Ok(i64::MIN.into()));
    wide::<i128>("18446744073709551615", Ok(u64::MAX.into()));
    wide::<i128>("-9007199254740991.0", Ok(-9_007_199_254_740_991));
    wide::<i128>(
        "-1e40",
        Err(&format!("out of range: -1e+40 is not {i128_range}")),
    );

    let u128_range = "between 0 and 3.402823669209385e+38";
    wide::<u128>("0", Ok(0));
    wide::<u128>("0.0", Ok(0));
    wide::<u128>("-1", Err(&format!("out of range: -1 is not {u128_range}")));
    wide::<u128>(
        "-1.0",
        Err(&format!("out of range: -1.0 is not {u128_range}")),
    );
    for text in [
        "340282366920938463463374607431768211455",
        "340282366920938463463374607431768211455.0",
        "340282366920938463463374607431768211456",
    ] {
        let message = format!(
            "out of range: the double 3.402823669209385e+38 stands for numbers that are not \
             all {u128_range}{STANDS_FOR}"
        );
        wide::<u128>(text, Err(&message));
    }
    wide_inexact::<u128>(
        "340282366920938425684442744474606501888",
        "340282366920938425684442744474606501888",
    );
    wide_inexact::<u128>("18446744073709551616", "18446744073709551616");
    wide_inexact::<u128>("18446744073709551615.0", "18446744073709551616");
    wide_inexact::<u128>("1e20", "100000000000000000000");
    wide::<u128>("18446744073709551615", Ok(u64::MAX.into()));
    wide::<u128>(
        "1e39",
        Err(&format!("out of range: 1e+39 is not {u128_range}")),
    );
    assert_eq!(
        NumberField::<u128>::new().parse_value(json!(0.5)),
        Err(Error::from(ErrorKind::NotAnInteger {
            value: number("0.5")
        })),
    );
    // The schema advertises what every peer reads.
    assert_eq!(
        serde_json::to_value(NumberField::<u128>::new().to_schema()).unwrap(),
        json!({"type": "integer", "minimum": 0, "maximum": i64::MAX}),
    );
    assert_eq!(
        serde_json::to_value(NumberField::<i128>::new().to_schema()).unwrap(),
        json!({"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX}),
    );
}

#[test]
fn numbers_far_outside_are_out_of_range_for_every_type() {
    for text in [
        "1e20",
        "-1e20",
        "1e300",
        "-1e300",
        "12345678910111213141516171819202122232425262728293031",
    ] {
        let value = Value::Number(number(text));
        macro_rules! each {
            ($($ty:ty),*) => {$(
                assert_eq!(
                    NumberField::<$ty>::new().parse_value(value.clone()),
                    Err(Error::from(ErrorKind::OutOfRange {
                        value: number(text),
                        minimum: Some(<$ty>::MIN.into()),
                        maximum: Some(<$ty>::MAX.into()),
                    })),
                    "{} for {}", text, stringify!($ty),
                );
            )*};
        }
        each!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
    }
    assert_eq!(
        NumberField::<u64>::new()
            .parse_value(json!(1e20))
            .unwrap_err()
            .to_string(),
        "out of range: 100000000000000000000 is not between 0 and 18446744073709551615",
    );
}

#[test]
fn a_fraction_is_not_an_integer_for_any_integer_type() {
    macro_rules! each {
        ($($ty:ty),*) => {$(
            assert_eq!(
                NumberField::<$ty>::new().parse_value(json!(0.5)),
                Err(Error::from(ErrorKind::NotAnInteger { value: number("0.5") })),
            );
        )*};
    }
    each!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
    assert_eq!(
        NumberField::<u8>::new()
            .parse_value(json!(-0.5))
            .unwrap_err()
            .to_string(),
        "not an integer: -0.5 has a fractional part",
    );
}

#[test]
fn explicit_bounds_near_2_pow_63_are_exact_too() {
    // A bound of the server's own, beyond 2^53: the double 2^62 stands for
    // 2^62 + 1 (or up to 512 either way), which is over the maximum.
    let field = NumberField::<i64>::new().with_maximum(1 << 62);
    assert_eq!(
        field.parse_value(json!(4611686018427387904u64)),
        Ok(1 << 62)
    );
    assert_eq!(
        field.parse_value(Value::Number(number("4611686018427387905.0"))),
        Err(Error::from(ErrorKind::OutOfRange {
            value: number("4611686018427387905.0"),
            minimum: Some(i64::MIN.into()),
            maximum: Some((1i64 << 62).into()),
        })),
    );
    // Within the bound, a double beyond 2^53 stands for several integers.
    assert_eq!(
        field.parse_value(Value::Number(number("4611686018427386880.0"))),
        Err(Error::from(ErrorKind::Inexact {
            text: "4611686018427386880".to_owned()
        })),
    );
}

#[test]
fn f32_takes_what_rounds_to_a_finite_f32() {
    let field = NumberField::<f32>::new();
    let parse = |text: &str| field.parse_value(Value::Number(number(text)));
    assert_eq!(parse("3.4028234663852886e38"), Ok(f32::MAX));
    // The usual spelling of f32::MAX rounds to it.
    assert_eq!(parse("3.4028235e38"), Ok(f32::MAX));
    assert_eq!(parse("-3.4028235e38"), Ok(f32::MIN));
    assert_eq!(
        parse("340282346638528859811704183484516925440"),
        Ok(f32::MAX)
    );
    assert_eq!(parse("0"), Ok(0.0));
    assert_eq!(parse("16777217"), Ok(16_777_216.0));
    for text in [
        "3.4028236e38",
        "-3.4028236e38",
        "1e39",
        "340282366920938463463374607431768211456",
    ] {
        let error = Error::from(ErrorKind::OutOfRange {
            value: number(text),
            minimum: None,
            maximum: None,
        });
        assert_eq!(parse(text), Err(error), "{text}");
    }
    assert_eq!(
        parse("1e39").unwrap_err().to_string(),
        "out of range: 1e+39 is not representable in the field's type",
    );
}

#[test]
fn f64_takes_every_finite_json_number() {
    let field = NumberField::<f64>::new();
    let parse = |text: &str| field.parse_value(Value::Number(number(text)));
    assert_eq!(parse("1.7976931348623157e308"), Ok(f64::MAX));
    assert_eq!(parse("-1.7976931348623157e308"), Ok(f64::MIN));
    assert_eq!(
        parse("18446744073709551615"),
        Ok(18_446_744_073_709_551_615.0)
    );
    assert_eq!(
        parse("-9223372036854775809"),
        Ok(-9_223_372_036_854_775_808.0)
    );
    // As a JSON value, `1e-400` is 0.0 already (serde_json reads the
    // text); in an answer's text it is refused (below).
    assert_eq!(parse("1e-400"), Ok(0.0));
}

#[derive(ElicitForm, Debug, PartialEq)]
struct Reals {
    x: f64,
}

/// Issue 45: a number beyond a double in an answer's JSON text refused the
/// whole answer as "not JSON: number out of range", naming no field. It is
/// a refusal of its field, which a form asks again like any other.
#[test]
fn a_number_beyond_a_double_in_text_is_refused_for_its_field() {
    for text in ["1e309", "1e400", "-1e400", "1.7976931348623159e308"] {
        let result = format!(r#"{{"action":"accept","content":{{"x":{text}}}}}"#);
        let error = Reals::parse_result_str(&result).unwrap_err();
        assert_eq!(
            error,
            Error::from(ErrorKind::Inexact {
                text: text.to_owned()
            })
            .in_field("x"),
            "{text}",
        );
        assert_eq!(
            error.to_string(),
            format!("field `x`: not exact: {text} is beyond the range of a double"),
        );
    }
    // Beside another field's error, in the form's order; an integer field
    // the same.
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Two {
        #[elicit(minimum = 1, maximum = 10)]
        count: u8,
        #[elicit(min_length = 2)]
        name: String,
    }
    assert_eq!(
        Two::parse_result_str(r#"{"action":"accept","content":{"name":"a","count":1e400}}"#),
        Err(Error::from(ErrorKind::Multiple(vec![
            Error::from(ErrorKind::Inexact {
                text: "1e400".to_owned()
            })
            .in_field("count"),
            Error::from(ErrorKind::TooShort {
                value: "a".to_owned(),
                min_length: 2
            })
            .in_field("name"),
        ]))),
    );
    // Alone, whatever else is right.
    assert_eq!(
        Two::parse_result_str(r#"{"action":"accept","content":{"name":"ab","count":-1e400}}"#),
        Err(Error::from(ErrorKind::Inexact {
            text: "-1e400".to_owned()
        })
        .in_field("count")),
    );
    // A decline's content is not looked at; a property the form does not
    // have is left out; anywhere else the text is refused as before.
    assert_eq!(
        Two::parse_result_str(r#"{"action":"decline","content":{"count":1e400}}"#),
        Ok(ElicitAction::Decline),
    );
    assert_eq!(
        Two::parse_result_str(
            r#"{"action":"accept","content":{"name":"ab","count":2,"other":1e400}}"#
        ),
        Ok(ElicitAction::Accept(Two {
            count: 2,
            name: "ab".to_owned()
        })),
    );
    let result = r#"{"action":"accept","_meta":{"x":1e400},"content":{}}"#;
    assert!(matches!(
        Two::parse_result_str(result).unwrap_err().kind(),
        ErrorKind::MalformedResult { reason, .. } if reason.starts_with("not JSON: number out of range at line 1 column ")
    ));
    // Other syntax errors keep their place in the text.
    let result = r#"{"action":"accept","content":{"count":1e400,"name":"ab",}}"#;
    let ErrorKind::MalformedResult { reason, .. } =
        Two::parse_result_str(result).unwrap_err().into_kind()
    else {
        panic!()
    };
    let expected = serde_json::from_str::<Value>(&result.replace("1e400", "1    "))
        .unwrap_err()
        .to_string();
    assert_eq!(reason, format!("not JSON: {expected}"));
}

/// Issue 45: `1e-400` was taken as 0 by an integer field, and a fraction
/// a double reads as a whole number as that number. In an answer's text
/// each is refused for its field; a float field takes the nearest double
/// of a fraction, as of any fraction, but not zero for a number that is
/// not.
#[test]
fn numbers_in_text_are_read_as_written_or_refused() {
    #[derive(ElicitForm, Debug, PartialEq)]
    struct Mixed {
        count: i64,
        ratio: f64,
    }
    let parse = |count: &str, ratio: &str| {
        Mixed::parse_result_str(&format!(
            r#"{{"action":"accept","content":{{"count":{count},"ratio":{ratio}}}}}"#
        ))
    };
    let inexact = |field: &'static str, text: &str| {
        Error::from(ErrorKind::Inexact {
            text: text.to_owned(),
        })
        .in_field(field)
    };
    assert_eq!(parse("1e-400", "0.5"), Err(inexact("count", "1e-400")));
    assert_eq!(parse("2", "1e-400"), Err(inexact("ratio", "1e-400")));
    assert_eq!(parse("-1e-400", "0.5"), Err(inexact("count", "-1e-400")));
    assert_eq!(
        parse("3.0000000000000001", "0.5"),
        Err(inexact("count", "3.0000000000000001"))
    );
    assert_eq!(
        parse("2", "3.0000000000000001"),
        Ok(ElicitAction::Accept(Mixed {
            count: 2,
            ratio: 3.0
        }))
    );
    // Zero, however written, is zero; a whole number written as a float
    // below 2^53 is itself.
    assert_eq!(
        parse("0e-400", "-0.0"),
        Ok(ElicitAction::Accept(Mixed {
            count: 0,
            ratio: -0.0
        }))
    );
    assert_eq!(
        parse("3.000", "1e-300"),
        Ok(ElicitAction::Accept(Mixed {
            count: 3,
            ratio: 1e-300
        }))
    );
    // And what a double cannot tell apart is refused on this path too.
    assert_eq!(
        parse("9007199254740993.0", "1"),
        Err(inexact("count", "9007199254740992"))
    );
    let error = parse("1e-400", "0.5").unwrap_err();
    assert_eq!(
        error.to_string(),
        "field `count`: not exact: 1e-400 is not zero, and a double reads it as zero"
    );
    assert_eq!(
        parse("3.0000000000000001", "0.5").unwrap_err().to_string(),
        "field `count`: not an integer: 3.0000000000000001 has a fractional part, which a double reads as a whole number"
    );
}

// ---------------------------------------------------------------------------
// C28 — Integers just beyond i64 are silently clamped
// ---------------------------------------------------------------------------

/// `shared/cases/C28/input.rs`.
#[derive(ElicitForm, Debug, PartialEq)]
struct Offset {
    b: i64,
}

#[test]
fn an_i64_field_advertises_the_whole_i64_range() {
    assert_eq!(
        serde_json::to_value(Offset::requested_schema()).unwrap(),
        json!({"type": "object",
               "properties": {"b": {"type": "integer",
                                    "minimum": -9223372036854775808i64,
                                    "maximum": 9223372036854775807i64}},
               "required": ["b"]}),
    );
}

#[test]
fn integers_just_beyond_i64_are_refused_not_clamped() {
    // response_below_min.json: -2^63 - 1 arrives as the double -2^63.
    assert_eq!(
        Offset::parse_result_str(r#"{"action": "accept", "content": {"b": -9223372036854775809}}"#),
        Err(Error::from(ErrorKind::OutOfRange {
            value: number("-9223372036854775809"),
            minimum: Some(i64::MIN.into()),
            maximum: Some(i64::MAX.into()),
        })
        .in_field("b")),
    );
    // response_min.json
    assert_eq!(
        Offset::parse_result_str(r#"{"action": "accept", "content": {"b": -9223372036854775808}}"#),
        Ok(ElicitAction::Accept(Offset { b: i64::MIN })),
    );
    // response_above_max.json
    assert_eq!(
        Offset::parse_result_str(r#"{"action": "accept", "content": {"b": 9223372036854775808}}"#),
        Err(Error::from(ErrorKind::OutOfRange {
            value: number("9223372036854775808"),
            minimum: Some(i64::MIN.into()),
            maximum: Some(i64::MAX.into()),
        })
        .in_field("b")),
    );
    // The float spellings of the public report (C28).
    let error =
        Offset::parse_result_str(r#"{"action": "accept", "content": {"b": -9223372036854776000}}"#)
            .unwrap_err();
    assert_eq!(
        error.to_string(),
        "field `b`: out of range: the double -9223372036854775808 stands for numbers that are \
         not all between -9223372036854775808 and 9223372036854775807 (beyond 2^53, a number \
         that is not an integer within 64 bits arrives as the nearest double)",
    );
}

#[test]
fn the_peer_reader_refuses_integers_just_beyond_i64_too() {
    let schema = enum_schema::schema::RequestedSchema::from_json_str(
        r#"{"type":"object","properties":{"b":{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}},"required":["b"]}"#,
    )
    .unwrap();
    for (text, ok) in [
        ("-9223372036854775809", false),
        ("-9223372036854775808", true),
        ("9223372036854775808", false),
        ("-9223372036854776000", false),
    ] {
        let answer: Value = serde_json::from_str(&format!(
            r#"{{"action":"accept","content":{{"b":{text}}}}}"#
        ))
        .unwrap();
        assert_eq!(schema.parse_result(answer).is_ok(), ok, "{text}");
    }
}

/// A float field's own bounds: the bound itself is in, the next double past
/// it is out, on both sides (the float path of `NumberField::parse_value`).
#[test]
fn float_bounds_are_inclusive() {
    let field = NumberField::<f64>::new()
        .with_minimum(0.5)
        .with_maximum(1.5);
    let out = |value: f64| -> Error {
        ErrorKind::OutOfRange {
            value: Number::from_f64(value).unwrap(),
            minimum: Number::from_f64(0.5),
            maximum: Number::from_f64(1.5),
        }
        .into()
    };
    assert_eq!(field.parse_value(json!(0.5)), Ok(0.5));
    assert_eq!(field.parse_value(json!(1.0)), Ok(1.0));
    assert_eq!(field.parse_value(json!(1.5)), Ok(1.5));
    let below = f64::from_bits(0.5_f64.to_bits() - 1);
    let above = f64::from_bits(1.5_f64.to_bits() + 1);
    assert_eq!(field.parse_value(json!(below)), Err(out(below)));
    assert_eq!(field.parse_value(json!(above)), Err(out(above)));
    assert_eq!(field.parse_value(json!(-1.0)), Err(out(-1.0)));
    assert_eq!(field.parse_value(json!(2.0)), Err(out(2.0)));
    let only_max = NumberField::<f32>::new().with_maximum(1.5);
    assert_eq!(only_max.parse_value(json!(1.5)), Ok(1.5));
    assert_eq!(only_max.parse_value(json!(-1e30)), Ok(-1e30));
    assert_eq!(
        only_max.parse_value(json!(2.0)),
        Err(Error::from(ErrorKind::OutOfRange {
            value: Number::from_f64(2.0).unwrap(),
            minimum: None,
            maximum: Number::from_f64(1.5),
        }))
    );
}
