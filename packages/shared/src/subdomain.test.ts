import { describe, expect, it } from 'vitest';
import { subdomainFromHost } from './subdomain';

describe('subdomainFromHost (SPEC 9)', () => {
  it('takes the first label of a host with three or more labels', () => {
    expect(subdomainFromHost('demo.example.com')).toBe('demo');
    expect(subdomainFromHost('northwind.practice.example.co.uk')).toBe('northwind');
  });

  it('ignores the port and the case', () => {
    expect(subdomainFromHost('demo.example.com:3000')).toBe('demo');
    expect(subdomainFromHost('Demo.Example.COM')).toBe('demo');
  });

  it('finds none in the reserved labels', () => {
    for (const label of ['www', 'api', 'admin', 'fileapi', 'timefiles']) {
      expect(subdomainFromHost(`${label}.example.com`), label).toBeNull();
      expect(subdomainFromHost(`${label.toUpperCase()}.example.com:5050`), label).toBeNull();
    }
  });

  it('finds none in a host of one or two labels', () => {
    expect(subdomainFromHost('example.com')).toBeNull();
    expect(subdomainFromHost('demo.localhost')).toBeNull();
    expect(subdomainFromHost('localhost')).toBeNull();
    expect(subdomainFromHost('localhost:5050')).toBeNull();
  });

  it('finds none in an IP address', () => {
    expect(subdomainFromHost('127.0.0.1')).toBeNull();
    expect(subdomainFromHost('192.168.1.20:3000')).toBeNull();
    expect(subdomainFromHost('[::1]:3000')).toBeNull();
  });

  it('finds none in a missing host', () => {
    expect(subdomainFromHost(null)).toBeNull();
    expect(subdomainFromHost(undefined)).toBeNull();
    expect(subdomainFromHost('')).toBeNull();
  });
});
